import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import {
  ask,
  bookedPair,
  bookOk,
  callsLeft,
  eventsOf,
  mailTo,
  mentee,
  mentor,
  move,
  noticesOf,
  publishOne,
  row,
  subscribe,
  trpcAt,
} from "../support/moves";
import { call, HOUR } from "../support/scheduling";

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

/** Reschedule in place (ADR 0023): one booking that moves, keeps its identity and quota place, tells the mentor, and keeps a history. */
describe("a mentee moves her booking", () => {
  it("moves in one step: the old slot opens, the booking keeps its id and agenda, SEQUENCE is one higher, the quota does not change", async () => {
    const { m, me, slots } = await bookedPair([48, 72]);
    const [from, to] = slots;
    await trpcAt(me.token).scheduling.book.mutate({ slotId: from, agenda: "Career switch" } as never);
    const before = await row(from);
    expect(before).toMatchObject({ state: "booked", menteeId: me.id, sequence: 0 });
    const left = await callsLeft(me.token, m.id);

    const moved = await move(me.token, from, to);
    expect(moved.status, moved.message).toBe(200);
    expect(moved.value).toMatchObject({
      id: to,
      state: "booked",
      menteeId: me.id,
      bookingId: before.bookingId,
      sequence: 1,
      type: "session",
    });
    expect(await row(from)).toMatchObject({ state: "open", menteeId: null, bookingId: null, bookedAt: null, agenda: null });
    const after = await row(to);
    expect(after).toMatchObject({ state: "booked", menteeId: me.id, bookingId: before.bookingId, sequence: 1 });
    expect(after.agenda).toBe(before.agenda);
    expect(await callsLeft(me.token, m.id)).toBe(left);

    // The mentor hears of it: a notice and an e-mail.
    expect((await noticesOf("mentor", m.id)).map((n) => n.content).join("\n")).toMatch(/moved the session on .* to /);
    expect((await mailTo(m.row.email)).map((e) => e.subject).join("\n")).toMatch(/moved a session to/);

    // The calendar file and the feed: the same event (UID), SEQUENCE 1.
    const file = unfold((await call("GET", `/api/calendar/booking/${to}.ics`, { token: me.token })).text);
    expect(file).toContain(`UID:${before.bookingId}@mentorlink`);
    expect(file).toContain("SEQUENCE:1");
    const { url } = await trpcAt(m.token).scheduling.resetCalendarFeed.mutate();
    const feed = unfold((await call("GET", new URL(url!).pathname)).text);
    expect(feed).toContain(`UID:${before.bookingId}@mentorlink`);
    expect(feed).toContain("SEQUENCE:1");
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    // The history, newest first, for both parties and nobody else.
    const history = await trpcAt(me.token).scheduling.bookingHistory.query({ slotId: to });
    expect(history).toEqual([
      expect.objectContaining({
        kind: "moved",
        byRole: "mentee",
        fromStart: before.startAt.toISOString(),
        toStart: after.startAt.toISOString(),
        message: null,
      }),
    ]);
    expect(await trpcAt(m.token).scheduling.bookingHistory.query({ slotId: to })).toEqual(history);
    expect((await trpcOutcome(trpcAt((await mentee()).token).scheduling.bookingHistory.query({ slotId: to }))).status).toBe(403);
    expect((await trpcOutcome(trpcAt((await mentor()).token).scheduling.bookingHistory.query({ slotId: to }))).status).toBe(403);

    // Moving back is allowed too, and counts the sequence on.
    expect((await move(me.token, to, from)).value).toMatchObject({ id: from, bookingId: before.bookingId, sequence: 2 });
    expect((await eventsOf(before.bookingId!)).map((e) => e.kind)).toEqual(["moved", "moved"]);
  });

  it("moves a free intro call as a trial (the one-trial rule does not get in the way)", async () => {
    const { m, me, slots } = await bookedPair([40, 64]);
    await trpcAt(me.token).scheduling.bookTrial.mutate({ slotId: slots[0] } as never);
    expect((await move(me.token, slots[0], slots[1])).value).toMatchObject({ type: "trial", state: "booked" });
    expect(await row(slots[1])).toMatchObject({ type: "trial", menteeId: me.id, state: "booked" });
    expect(await row(slots[0])).toMatchObject({ state: "open", type: "session" });
    expect(await callsLeft(me.token, m.id)).toBe(4);
  });

  it("refuses, with words a person can act on, and nothing changes", async () => {
    const now = new Date("2029-03-01T00:00:00Z");
    const { m, me, slots, at } = await bookedPair([48, 72, 20, 700, 6, 96], now);
    const [mine, free, soon, afterPeriod, tooSoon, other] = slots;
    await bookOk(me.token, mine, now);
    await bookOk(me.token, soon, now);
    const rival = await mentee();
    await subscribe(rival.id, m.id, now);
    await bookOk(rival.token, other, now);
    const elsewhere = await mentor();
    const foreign = await publishOne(elsewhere.token, at(50), now);

    const refused = async (slotId: string, toSlotId: string, status: number, message: RegExp, when = now, token = me.token) => {
      const r = await move(token, slotId, toSlotId, when);
      expect(r.status, r.message).toBe(status);
      expect(r.message).toMatch(message);
    };
    await refused(mine, mine, 400, /different time/);
    await refused("no-such-slot", free, 404, /does not exist/);
    await refused(mine, "no-such-slot", 404, /no longer available/);
    await refused(other, free, 403, /your own bookings/);
    await refused(mine, free, 403, /your own bookings/, now, rival.token);
    await refused(mine, other, 409, /just taken/);
    await refused(mine, soon, 409, /already booked this slot/);
    await refused(mine, foreign, 400, /same mentor/);
    await refused(mine, afterPeriod, 409, /after your current period ends/);
    await refused(mine, tooSoon, 409, /at least 12 hours ahead/);
    // Inside the 12 hours before its start (no request from the mentor): refused.
    await refused(soon, free, 409, /moved up to 12 hours before the start/, new Date(at(20).getTime() - 11 * HOUR));
    await refused(soon, free, 409, /already started/, new Date(at(20).getTime() + HOUR / 2));

    // Another booking of hers (with another mentor) at the target time.
    await subscribe(me.id, elsewhere.id, now);
    const clash = await publishOne(elsewhere.token, at(72), now);
    await bookOk(me.token, clash, now);
    await refused(mine, free, 409, /already have a session at this time/);

    expect(await row(mine)).toMatchObject({ state: "booked", menteeId: me.id, sequence: 0 });
    expect(await row(free)).toMatchObject({ state: "open", menteeId: null });
    expect(await eventsOf((await row(mine)).bookingId!)).toEqual([]);
  });
});

describe("the mentor asks to reschedule", () => {
  it("tells the mentee (notice and e-mail), lifts the 12-hour limit on moving and cancelling, and the history shows both steps", async () => {
    const now = new Date("2029-04-01T00:00:00Z");
    const { m, me, slots } = await bookedPair([30, 50, 31], now);
    const [booked, free, second] = slots;
    await bookOk(me.token, booked, now);
    await bookOk(me.token, second, now);
    expect((await ask(m.token, booked, "  ", now)).status).toBe(400);
    expect((await ask(m.token, booked, "x".repeat(501), now)).status).toBe(400);
    expect((await ask((await mentor()).token, booked, "Can we move?", now)).status).toBe(403);
    expect((await ask(m.token, free, "Can we move?", now)).status).toBe(409);

    const asked = await ask(m.token, booked, "I have a conflict; any evening next week works.", now);
    expect(asked.value).toMatchObject({
      id: booked,
      rescheduleRequest: { at: now.toISOString(), message: "I have a conflict; any evening next week works." },
    });
    expect((await noticesOf("mentee", me.id)).map((n) => n.content).join("\n")).toMatch(
      /asked you to move your session .*any evening next week works/,
    );
    expect((await mailTo(me.row.email)).map((e) => e.subject).join("\n")).toMatch(/asked you to pick another time/);
    const mine = await trpcAt(me.token, now).scheduling.myBookings.query();
    expect(mine.upcoming.find((b) => b.id === booked)?.rescheduleRequest?.message).toMatch(/conflict/);

    // 25 hours later the session is 5 hours away: moving is still allowed because he asked.
    const late = new Date(now.getTime() + 25 * HOUR);
    const moved = await move(me.token, booked, free, late);
    expect(moved.status, moved.message).toBe(200);
    expect(moved.value).toMatchObject({ rescheduleRequest: null, sequence: 1 });
    const history = await trpcAt(m.token, late).scheduling.bookingHistory.query({ slotId: free });
    expect(history.map((h) => [h.kind, h.byRole])).toEqual([
      ["moved", "mentee"],
      ["reschedule-requested", "mentor"],
    ]);
    expect(history[1].message).toMatch(/conflict/);

    // Cancelling inside 12 hours after a request: allowed, the call back in her plan.
    expect((await call("PATCH", "/api/mentees/booked-slots/1", { token: me.token, now: late, body: { slotId: second } })).status).toBe(409);
    await ask(m.token, second, "Sorry, I am travelling.", late);
    const left = await callsLeft(me.token, m.id, late);
    const cancelled = await call("PATCH", "/api/mentees/booked-slots/1", { token: me.token, now: late, body: { slotId: second } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await callsLeft(me.token, m.id, late)).toBe(left + 1);
  });

  it("releases a requested booking nobody moved when it starts, so it is not a used call (the cron job, idempotent)", async () => {
    const now = new Date("2029-05-01T00:00:00Z");
    const { m, me, slots, at } = await bookedPair([30], now);
    await bookOk(me.token, slots[0], now);
    const { bookingId } = await row(slots[0]);
    await ask(m.token, slots[0], "Please pick another day.", now);
    const started = new Date(at(30).getTime() + 60_000);
    const left = await callsLeft(me.token, m.id, started);
    const runAt = (when: Date) => call("POST", `/dev/cron/releaseUnansweredReschedules?now=${when.getTime()}`);
    const early = await runAt(new Date(at(30).getTime() - 60_000));
    expect(early.status).toBe(200);
    expect(await row(slots[0])).toMatchObject({ state: "booked" });

    await Promise.all([runAt(started), runAt(started)]);
    expect(await row(slots[0])).toMatchObject({ state: "open", menteeId: null });
    expect(await callsLeft(me.token, m.id, started)).toBe(left + 1);
    const events = await eventsOf(bookingId!);
    expect(events.map((e) => [e.kind, e.byRole, e.message])).toEqual(
      expect.arrayContaining([["cancelled", "mentor", "Not rescheduled in time"]]),
    );
    expect(events.filter((e) => e.kind === "cancelled")).toHaveLength(1);
    expect((await noticesOf("mentee", me.id)).filter((n) => /was not moved in time/.test(n.content))).toHaveLength(1);
    // A booking without a request is never released by the job.
    const other = await publishOne(m.token, at(40), now);
    await bookOk(me.token, other, now);
    await runAt(new Date(at(40).getTime() + 60_000));
    expect((await testDb().select().from(timeSlots).where(eq(timeSlots.id, other)))[0]).toMatchObject({ state: "booked" });
  });
});
