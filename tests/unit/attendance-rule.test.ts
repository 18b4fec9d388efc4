import { describe, expect, it } from "vitest";
import { mayDispute, outcomeLabel, type Presence, partyAtFault, settleOutcome, settlesAt, waitAfterStartMs } from "../../shared/attendance";
import { callBackState, canBookAgain } from "../../src/attendance/call-back";

const MIN = 60 * 1000;
const start = new Date("2026-11-24T10:00:00Z");
const session = { type: "session", start, end: new Date(start.getTime() + 60 * MIN) };
const trial = { type: "trial", start, end: new Date(start.getTime() + 60 * MIN) };
/** A stretch from `from` to `to` minutes after the start (null: never recorded leaving). */
const at = (role: "mentee" | "mentor", from: number, to: number | null): Presence => ({
  role,
  joinedAt: start.getTime() + from * MIN,
  leftAt: to === null ? null : start.getTime() + to * MIN,
});

describe("the attendance rule", () => {
  it("completed when both were in the room at the same time, however late or short", () => {
    expect(settleOutcome(session, [at("mentee", -2, 60), at("mentor", 0, 60)])).toBe("completed");
    expect(settleOutcome(session, [at("mentee", 0, 40), at("mentor", 35, 50)])).toBe("completed");
    // A reload: two stretches of the mentee, the second overlapping the mentor.
    expect(settleOutcome(session, [at("mentee", 0, 3), at("mentee", 4, null), at("mentor", 20, 30)])).toBe("completed");
  });

  it("only one of them ever joined: the other did not come (whenever the one came)", () => {
    expect(settleOutcome(session, [at("mentee", -5, 15)])).toBe("mentor_no_show");
    expect(settleOutcome(session, [at("mentor", 0, 12)])).toBe("mentee_no_show");
    expect(settleOutcome(session, [at("mentee", 30, 35)])).toBe("mentor_no_show");
  });

  it("nobody joined: both", () => {
    expect(settleOutcome(session, [])).toBe("both_no_show");
  });

  it("both joined, never together: whoever came within the 10-minute wait came", () => {
    expect(settleOutcome(session, [at("mentee", 0, 10), at("mentor", 10.5, 30)])).toBe("mentor_no_show");
    expect(settleOutcome(session, [at("mentor", 9, 11), at("mentee", 25, 30)])).toBe("mentee_no_show");
    // The edge: joining at exactly start + 10 minutes is within the wait.
    expect(settleOutcome(session, [at("mentor", 10, 11), at("mentee", 12, 30)])).toBe("mentee_no_show");
    // Both after the wait, never together: nobody waited.
    expect(settleOutcome(session, [at("mentor", 11, 12), at("mentee", 15, 30)])).toBe("both_no_show");
  });

  it("both came within the wait, never together: the one still there when it ran out waited", () => {
    expect(settleOutcome(session, [at("mentee", 0, 5), at("mentor", 8, 20)])).toBe("mentee_no_show");
    expect(settleOutcome(session, [at("mentor", -3, 2), at("mentee", 6, 30)])).toBe("mentor_no_show");
    expect(settleOutcome(session, [at("mentor", -3, 2), at("mentee", 6, 9)])).toBe("both_no_show");
  });

  it("an intro call waits 5 minutes, and stretches outside the room's window do not count", () => {
    expect(waitAfterStartMs("trial")).toBe(5 * MIN);
    expect(waitAfterStartMs("session")).toBe(10 * MIN);
    expect(settleOutcome(trial, [at("mentee", 0, 6), at("mentor", 6, 10)])).toBe("mentor_no_show");
    expect(settleOutcome(session, [at("mentee", 0, 6), at("mentor", 6, 10)])).toBe("mentee_no_show");
    // An intro call's room closes 20 minutes after its start: a mentor there later is not there.
    expect(settleOutcome(trial, [at("mentee", 0, 10), at("mentor", 21, 30)])).toBe("mentor_no_show");
    // Before the room opened (a clock skew) is clipped away; an open stretch lasts until the room closed.
    expect(settleOutcome(session, [at("mentee", -30, -15), at("mentor", 0, 20)])).toBe("mentee_no_show");
    expect(settleOutcome(session, [at("mentee", 1, null), at("mentor", 64, null)])).toBe("completed");
  });

  it("settles when the room closes: the call's end plus 5 minutes", () => {
    expect(settlesAt(session).toISOString()).toBe("2026-11-24T11:05:00.000Z");
    expect(settlesAt(trial).toISOString()).toBe("2026-11-24T10:20:00.000Z");
  });

  it("reads for each side", () => {
    expect(outcomeLabel("mentor_no_show", "mentee", "Asha")).toBe("Missed: Asha did not join");
    expect(outcomeLabel("mentor_no_show", "mentor", "Priya")).toBe("Missed: you did not join");
    expect(outcomeLabel("mentee_no_show", "mentee", "Asha")).toBe("Missed: you did not join");
  });
});

describe("who may dispute, and who is at fault", () => {
  it("a party may dispute its own no-show, a completed session or one nobody came to, never the other's no-show", () => {
    expect(mayDispute("mentor_no_show", "mentee")).toBe(false);
    expect(mayDispute("mentee_no_show", "mentor")).toBe(false);
    expect(mayDispute("mentor_no_show", "mentor")).toBe(true);
    expect(mayDispute("mentee_no_show", "mentee")).toBe(true);
    expect(mayDispute("completed", "mentee")).toBe(true);
    expect(mayDispute("both_no_show", "mentor")).toBe(true);
  });

  it("the one at fault is the one recorded as not coming; nobody alone for a completed session or when nobody came", () => {
    expect(partyAtFault("mentee_no_show")).toBe("mentee");
    expect(partyAtFault("mentor_no_show")).toBe("mentor");
    expect(partyAtFault("completed")).toBeNull();
    expect(partyAtFault("both_no_show")).toBeNull();
  });
});

describe("whether a call the mentor missed is back in her plan", () => {
  const start = "2027-03-10T10:00:00.000Z";
  const plan = {
    isActive: true,
    status: "active",
    callsLeft: 2,
    callsPerPeriod: 4,
    currentPeriodStart: "2027-03-01T00:00:00.000Z",
    currentPeriodEnd: "2027-03-31T00:00:00.000Z",
  };
  it("is back only while the plan runs, in the call's own period, with a call left to book", () => {
    expect(callBackState({ type: "session", start }, plan)).toEqual({ kind: "back", callsLeft: 2, callsPerPeriod: 4 });
    expect(callBackState({ type: "session", start }, { ...plan, callsLeft: 0 })).toEqual({
      kind: "none-left",
      periodEnd: plan.currentPeriodEnd,
      ending: false,
    });
    expect(callBackState({ type: "session", start }, { ...plan, callsLeft: 0, status: "ending" })).toMatchObject({ ending: true });
    expect(callBackState({ type: "session", start: "2027-02-20T10:00:00.000Z" }, plan)).toMatchObject({ kind: "period-over" });
    expect(callBackState({ type: "session", start }, { ...plan, isActive: false })).toEqual({ kind: "plan-ended" });
    expect(callBackState({ type: "session", start }, undefined)).toEqual({ kind: "plan-ended" });
    expect(callBackState({ type: "trial", start }, undefined)).toEqual({ kind: "intro-back" });
  });
  it("offers Book another time only when booking could succeed", () => {
    expect(canBookAgain({ kind: "back", callsLeft: 1, callsPerPeriod: 4 })).toBe(true);
    expect(canBookAgain({ kind: "none-left", periodEnd: null, ending: false })).toBe(false);
    expect(canBookAgain({ kind: "plan-ended" })).toBe(false);
    expect(canBookAgain({ kind: "period-over", callsLeft: 0, callsPerPeriod: 4 })).toBe(false);
    expect(canBookAgain({ kind: "intro-back" })).toBe(true);
  });
});
