import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { parseStrictly } from "../support/ics-reader";
import { call, hoursAhead, mentee, mentor, publish, publishOne, slotRow, subscribe } from "../support/scheduling";

/**
 * A carriage return in what people write must not become a line of a calendar file (ADR 0013): the
 * input schemas refuse control characters with a clear 400, and the calendar builder normalises what
 * was stored before, so the feed, the download and the mailed invitation keep one event.
 */

const INJECTED_AGENDA = "hello\rATTENDEE:mailto:attacker@evil.test\rURL:https://evil.test";

/** The properties of the one VEVENT of a calendar file read strictly; fails on a second event or a broken line. */
function theOneEvent(text: string) {
  const properties = parseStrictly(text);
  expect(properties.filter((p) => p.name === "BEGIN").map((p) => p.value)).toEqual(["VCALENDAR", "VEVENT"]);
  const from = properties.findIndex((p) => p.name === "BEGIN" && p.value === "VEVENT");
  const to = properties.findIndex((p) => p.name === "END" && p.value === "VEVENT");
  const names = properties.slice(from + 1, to).map((p) => p.name);
  // Each property of the event once, but the attendees of an invitation.
  expect(names.filter((n, i) => n !== "ATTENDEE" && names.indexOf(n) !== i)).toEqual([]);
  return { names, properties: properties.slice(from + 1, to) };
}

describe("control characters in what people write", () => {
  it("a booking whose agenda carries carriage returns is a 400 with a clear message, and nothing is booked", async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const slotId = await publishOne(m.token, hoursAhead(48));
    const refused = await trpcOutcome(trpc(me.token).scheduling.book.mutate({ slotId, agenda: INJECTED_AGENDA }));
    expect(refused).toMatchObject({
      status: 400,
      message: "An agenda cannot contain control characters such as a carriage return (line breaks are fine).",
    });
    expect(await slotRow(slotId)).toMatchObject({ state: "open", agenda: null });
    // Line breaks from a textarea are fine.
    expect(await trpc(me.token).scheduling.book.mutate({ slotId, agenda: "System design\nCareer questions" })).toMatchObject({
      state: "booked",
      agenda: "System design\nCareer questions",
    });
  });

  it("a slot title with a carriage return is a 400 over REST, and cancelling with such a reason too", async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const titled = await publish(m.token, hoursAhead(50), { title: "Intro\rDTSTART:20300101T000000Z" });
    expect(titled).toMatchObject({
      status: 400,
      body: { message: "A title must be one line of plain text, without line breaks or control characters." },
    });
    const described = await publish(m.token, hoursAhead(50), { description: "About\rLOCATION:evil" });
    expect(described).toMatchObject({
      status: 400,
      body: { message: "A description cannot contain control characters such as a carriage return (line breaks are fine)." },
    });
    const slotId = await publishOne(m.token, hoursAhead(50));
    await trpc(me.token).scheduling.book.mutate({ slotId });
    const cancel = await trpcOutcome(trpc(me.token).scheduling.cancel.mutate({ slotId, reason: "sorry\rURL:https://evil.test" }));
    expect(cancel).toMatchObject({
      status: 400,
      message: "A reason cannot contain control characters such as a carriage return (line breaks are fine).",
    });
    expect(await slotRow(slotId)).toMatchObject({ state: "booked" });
  });

  it("text stored before the check (a CR in an agenda, a title, a description, a name) stays inside its property in the feed, the download and the invitation", async () => {
    const m = await mentor();
    const me = await mentee({ firstName: "Priya\rATTENDEE:mailto:attacker@evil.test", lastName: 'Sharma";X-EVIL=1:' });
    await subscribe(me.id, m.id);
    const slotId = await publishOne(m.token, hoursAhead(52));
    await testDb()
      .update(timeSlots)
      .set({ title: "Intro\rDTSTART:20300101T000000Z", description: "About\r\nLOCATION:evil\rURL:https://evil.test" })
      .where(eq(timeSlots.id, slotId));
    await trpc(me.token).scheduling.book.mutate({ slotId });
    await testDb().update(timeSlots).set({ agenda: INJECTED_AGENDA }).where(eq(timeSlots.id, slotId));

    const { url } = await trpc(m.token).scheduling.resetCalendarFeed.mutate();
    const feed = await call("GET", new URL(url).pathname);
    const download = await call("GET", `/api/calendar/booking/${slotId}.ics`, { token: m.token });
    const herDownload = await call("GET", `/api/calendar/booking/${slotId}.ics`, { token: me.token });
    for (const [what, answer] of [
      ["the feed", feed],
      ["his download", download],
      ["her download", herDownload],
    ] as const) {
      expect(answer.status, what).toBe(200);
      const { names, properties } = theOneEvent(answer.text);
      expect(names, what).not.toContain("ATTENDEE");
      expect(names, what).not.toContain("LOCATION");
      expect(
        properties.filter((p) => p.name === "DTSTART").map((p) => p.value),
        what,
      ).toEqual([expect.not.stringMatching(/^2030/)]);
      expect(
        properties.filter((p) => p.name === "URL").map((p) => p.value),
        what,
      ).toEqual([expect.not.stringMatching(/evil/)]);
      expect(properties.find((p) => p.name === "DESCRIPTION")?.value, what).toContain(
        "hello\\nATTENDEE:mailto:attacker@evil.test\\nURL:https://evil.test",
      );
    }

    const invitations = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, m.row.email));
    const files = invitations.flatMap((mail) => mail.attachments ?? []).filter((a) => a.contentType.startsWith("text/calendar"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const { names, properties } = theOneEvent(file.content);
      expect(names.filter((n) => n === "ATTENDEE")).toHaveLength(1);
      expect(names).not.toContain("LOCATION");
      const attendee = properties.find((p) => p.name === "ATTENDEE")!;
      expect(attendee.value).toBe(`mailto:${me.row.email}`);
      expect(attendee.params.CN).toBe("Priya ATTENDEE mailto attacker@evil.test Sharma X-EVIL=1");
    }
  });
});
