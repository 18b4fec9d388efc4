import { describe, expect, it } from "vitest";
import { type Presence, settleOutcome } from "../../shared/attendance";
import { canGoLive } from "../../shared/live-window";
import { deviceLists, loadChoice, mediaErrorReason, pickDevice, saveChoice, trackConstraints } from "../../src/live/device-choice";
import { levelOf } from "../../src/live/mic-level";
import { sessionPhase, startsInText, timerText, waitWords } from "../../src/live/session-clock";
import { waitRuleText } from "../../src/live/wait-rule";

/** The live page's pure logic (ADR 0026). */

const MINUTE = 60 * 1000;
const start = "2027-03-14T14:30:00.000Z"; // 10:30 am in New York, 8:00 pm in Kolkata
const end = "2027-03-14T15:30:00.000Z";
const at = (ms: number) => Date.parse(start) + ms;

describe("the time line of the page", () => {
  it("says 'Starts in …' before the start, rounded up to the minute, in hours and days further out", () => {
    expect(startsInText(4 * MINUTE)).toBe("Starts in 4 min");
    expect(startsInText(3 * MINUTE + 1)).toBe("Starts in 4 min");
    expect(startsInText(MINUTE)).toBe("Starts in 1 min");
    expect(startsInText(59_999)).toBe("Starts in less than a minute");
    expect(startsInText(1)).toBe("Starts in less than a minute");
    expect(waitWords(59 * MINUTE + 1)).toBe("1 h");
    expect(waitWords(65 * MINUTE)).toBe("1 h 5 min");
    expect(waitWords(24 * 60 * MINUTE - 1)).toBe("24 h");
    expect(waitWords(24 * 60 * MINUTE)).toBe("1 day");
    expect(waitWords(3 * 24 * 60 * MINUTE + 5 * 60 * MINUTE)).toBe("3 days");
  });

  it("is before the start up to the start, then shows the time in and the time left, then time is up at the end", () => {
    expect(sessionPhase(at(-1), start, end)).toEqual({ phase: "before", startsIn: 1 });
    expect(sessionPhase(at(0), start, end)).toEqual({ phase: "running", elapsed: 0, left: 60 * MINUTE });
    expect(timerText(sessionPhase(at(-4 * MINUTE), start, end))).toEqual({ text: "Starts in 4 min", label: "Starts in 4 min" });
    expect(timerText(sessionPhase(at(12 * MINUTE + 4000), start, end))).toEqual({
      text: "12:04 in · 47:56 left",
      label: "12 minutes in, 47 minutes left",
    });
    expect(timerText(sessionPhase(at(59 * MINUTE + 30_000), start, end))).toEqual({
      text: "59:30 in · 0:30 left",
      label: "59 minutes in, 0 minutes left",
    });
  });

  it("says in words the minutes the figures show, rounded the same way (a second's fraction shows as the next second)", () => {
    // An intro call's clock a fraction of a second before its first minute: the figures read 1:00 and 14:01.
    const trialEnd = new Date(Date.parse(start) + 15 * MINUTE).toISOString();
    expect(timerText(sessionPhase(at(59_400), start, trialEnd))).toEqual({
      text: "1:00 in · 14:01 left",
      label: "1 minute in, 14 minutes left",
    });
    expect(timerText(sessionPhase(at(1), start, trialEnd))).toEqual({
      text: "0:01 in · 15:00 left",
      label: "0 minutes in, 15 minutes left",
    });
    expect(sessionPhase(at(60 * MINUTE), start, end)).toEqual({ phase: "over" });
    expect(timerText({ phase: "over" }).text).toBe("Time is up");
  });
});

describe("the attendance rule while waiting", () => {
  const base = {
    type: "session",
    start,
    end,
    presence: [] as Presence[],
    viewer: "mentee" as const,
    otherName: "Asha",
    zone: "America/New_York",
  };

  it("says nothing before the start", () => {
    expect(waitRuleText({ ...base, now: at(-1) })).toBeNull();
  });

  it("names the deadline in the viewer's zone (10 minutes after the start, 5 for an intro call) and what it means for each side", () => {
    expect(waitRuleText({ ...base, now: at(0) })).toBe(
      "If Asha hasn't joined by 10:40 am, this session will count as missed by Asha, and your call goes back to your plan. Stay on this page until then.",
    );
    expect(waitRuleText({ ...base, viewer: "mentor", otherName: "Maya", zone: "Asia/Kolkata", now: at(9 * MINUTE) })).toBe(
      "If Maya hasn't joined by 8:10 pm, this session will count as missed by Maya, and it uses Maya's call. Stay on this page until then.",
    );
    expect(waitRuleText({ ...base, type: "trial", now: at(MINUTE) })).toBe(
      "If Asha hasn't joined by 10:35 am, this session will count as missed by Asha, and your intro call with them is yours again. Stay on this page until then.",
    );
    expect(waitRuleText({ ...base, type: "trial", viewer: "mentor", otherName: "Maya", now: at(MINUTE) })).toBe(
      "If Maya hasn't joined by 10:35 am, this session will count as missed by Maya. Stay on this page until then.",
    );
  });

  it("after the wait: it counts as missed unless the other joins while one is still there", () => {
    expect(waitRuleText({ ...base, now: at(10 * MINUTE) })).toBe(
      "It's past 10:40 am and Asha hasn't joined: this session counts as missed by Asha, and your call goes back to your plan, unless Asha joins while you are still here.",
    );
    expect(waitRuleText({ ...base, type: "trial", now: at(5 * MINUTE) })).toMatch(/^It's past 10:35 am/);
  });

  // The words follow the rule that settles the session: each case is checked against settleOutcome of the same record.
  const slot = { type: "session", start: new Date(start), end: new Date(end) };
  const settledIfAlone = (presence: Presence[], viewer: "mentee" | "mentor", now: number) =>
    settleOutcome(slot, [...presence, { role: viewer, joinedAt: now, leftAt: null }]);

  it("once they were in the room together, it counts as held even after the other left and the wait ran out", () => {
    const presence: Presence[] = [
      { role: "mentee", joinedAt: at(0), leftAt: null },
      { role: "mentor", joinedAt: at(2 * MINUTE), leftAt: at(4 * MINUTE) },
    ];
    const text = "You and Asha were in the call together, so this session counts as held, even if Asha does not come back.";
    expect(waitRuleText({ ...base, presence, now: at(3 * MINUTE) })).toBe(text);
    expect(waitRuleText({ ...base, presence, now: at(25 * MINUTE) })).toBe(text);
    expect(settledIfAlone(presence, "mentee", at(25 * MINUTE))).toBe("completed");
  });

  it("a late join after the other came in time and left: missed by the one who was late, unless the other comes back", () => {
    const presence: Presence[] = [{ role: "mentor", joinedAt: at(MINUTE), leftAt: at(8 * MINUTE) }];
    expect(waitRuleText({ ...base, presence, now: at(15 * MINUTE) })).toBe(
      "It's past 10:40 am: Asha was here in time and you were not, so this session counts as missed by you, unless Asha joins while you are still here.",
    );
    expect(settledIfAlone(presence, "mentee", at(15 * MINUTE))).toBe("mentee_no_show");
  });

  it("both only after the wait, never together: missed by both, unless the other comes back", () => {
    const presence: Presence[] = [{ role: "mentor", joinedAt: at(11 * MINUTE), leftAt: at(12 * MINUTE) }];
    expect(waitRuleText({ ...base, presence, now: at(13 * MINUTE) })).toBe(
      "It's past 10:40 am and neither of you was here in time: this session counts as missed by both of you, unless Asha joins while you are still here.",
    );
    expect(settledIfAlone(presence, "mentee", at(13 * MINUTE))).toBe("both_no_show");
  });

  it("a leave and return within the wait: the one back before the wait ran out waited, so the other missed it", () => {
    const presence: Presence[] = [
      { role: "mentee", joinedAt: at(0), leftAt: at(2 * MINUTE) },
      { role: "mentee", joinedAt: at(6 * MINUTE), leftAt: null },
    ];
    expect(waitRuleText({ ...base, presence, now: at(12 * MINUTE) })).toMatch(
      /^It's past 10:40 am and Asha hasn't joined: this session counts as missed by Asha/,
    );
    expect(settledIfAlone(presence, "mentee", at(12 * MINUTE))).toBe("mentor_no_show");
  });
});

describe("choosing devices", () => {
  const infos = [
    { deviceId: "default", kind: "audioinput", label: "Default - Built-in Microphone" },
    { deviceId: "mic-2", kind: "audioinput", label: "USB Headset" },
    { deviceId: "cam-1", kind: "videoinput", label: "" },
    { deviceId: "cam-2", kind: "videoinput", label: "" },
    { deviceId: "cam-2", kind: "videoinput", label: "" },
    { deviceId: "", kind: "audiooutput", label: "" },
    { deviceId: "spk", kind: "audiooutput", label: "Speakers" },
    { deviceId: "x", kind: "somethingelse", label: "?" },
  ];

  it("lists each kind once per device, naming unlabelled ones (before permission) and leaving out entries without an id", () => {
    expect(deviceLists(infos)).toEqual({
      audioinput: [
        { id: "default", label: "Default - Built-in Microphone" },
        { id: "mic-2", label: "USB Headset" },
      ],
      videoinput: [
        { id: "cam-1", label: "Camera 1" },
        { id: "cam-2", label: "Camera 2" },
      ],
      audiooutput: [{ id: "spk", label: "Speakers" }],
    });
  });

  it("uses the chosen device while it is there, else the first of its kind, else the browser's default", () => {
    const lists = deviceLists(infos);
    expect(pickDevice(lists, { audioinput: "mic-2" }, "audioinput")).toBe("mic-2");
    expect(pickDevice(lists, { videoinput: "unplugged" }, "videoinput")).toBe("cam-1");
    expect(pickDevice(lists, {}, "videoinput")).toBe("cam-1");
    expect(pickDevice(deviceLists([]), { videoinput: "cam-1" }, "videoinput")).toBeUndefined();
    expect(trackConstraints("audioinput", "mic-2")).toEqual({ deviceId: { exact: "mic-2" } });
    expect(trackConstraints("audioinput", undefined)).toBe(true);
    expect(trackConstraints("videoinput", "cam-2")).toMatchObject({ deviceId: { exact: "cam-2" } });
    expect(trackConstraints("videoinput", undefined)).not.toHaveProperty("deviceId");
  });

  it("remembers a choice per kind in this browser, and ignores what is not a choice", () => {
    const stored = new Map<string, string>();
    const store = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    expect(loadChoice(store)).toEqual({});
    const one = saveChoice(store, {}, "videoinput", "cam-2");
    saveChoice(store, one, "audioinput", "mic-2");
    expect(loadChoice(store)).toEqual({ videoinput: "cam-2", audioinput: "mic-2" });
    stored.set("liveDevices", "not json");
    expect(loadChoice(store)).toEqual({});
    stored.set("liveDevices", JSON.stringify({ videoinput: 3, audiooutput: "spk" }));
    expect(loadChoice(store)).toEqual({ audiooutput: "spk" });
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(saveChoice(full, {}, "audiooutput", "spk")).toEqual({ audiooutput: "spk" });
  });

  it("says why the devices could not be used", () => {
    expect(mediaErrorReason(new DOMException("x", "NotAllowedError"))).toBe(
      "Your browser was not allowed to use your camera or microphone.",
    );
    expect(mediaErrorReason(new DOMException("x", "NotReadableError"))).toBe("Your camera or microphone is in use by another app.");
    expect(mediaErrorReason(new DOMException("x", "NotFoundError"))).toBe("No camera or microphone was found on this device.");
    expect(mediaErrorReason(new Error("?"))).toBe("Your camera and microphone could not be started.");
  });

  it("measures the microphone's level from its samples: silence is 0, loud is 1", () => {
    expect(levelOf(new Uint8Array(512).fill(128))).toBe(0);
    expect(levelOf(new Uint8Array(0))).toBe(0);
    const quiet = Uint8Array.from({ length: 512 }, (_, i) => (i % 2 ? 133 : 123));
    expect(levelOf(quiet)).toBeCloseTo(0.156, 2);
    expect(levelOf(Uint8Array.from({ length: 512 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(1);
  });
});

describe("the mentor's Go Live", () => {
  const slot = { type: "session", start, end };
  it("appears when the room opens, 10 minutes before the start, like the mentee's entry, until the call ends (the room admits nobody after)", () => {
    expect(canGoLive(slot, at(-10 * MINUTE - 1))).toBe(false);
    expect(canGoLive(slot, at(-10 * MINUTE))).toBe(true);
    expect(canGoLive(slot, at(60 * MINUTE - 1))).toBe(true);
    expect(canGoLive(slot, at(60 * MINUTE))).toBe(false);
  });

  it("for an intro call, until its 15 minutes are over, not until its one-hour slot's end", () => {
    const trial = { ...slot, type: "trial" };
    expect(canGoLive(trial, at(15 * MINUTE - 1))).toBe(true);
    expect(canGoLive(trial, at(15 * MINUTE))).toBe(false);
    expect(canGoLive(trial, at(40 * MINUTE))).toBe(false);
  });
});
