import { describe, expect, it } from "vitest";
import { trpcOutcome } from "../support/api";
import { dayIn, wallTime } from "../support/availability";
import { ask, bookedPair, bookOk, mentee, mentor, move, noticesOf, publishOne, row, subscribe, trpcAt } from "../support/moves";
import { call, HOUR, publish } from "../support/scheduling";

/**
 * What the booking screens say is true, through the built Worker: her bookings carry their history and her cancelled
 * ones (who, why); a move keeps the session's title; the waitlist is joined only where it can help her; the .ics holds
 * the live room; time off can ask the mentees to move; a request to move reaches her bell and her home.
 */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe("her booked slots tell the whole story", () => {
  it("each booking carries its history (no second request per card), and cancelled ones stay listed with who cancelled and why", async () => {
    const { m, me, slots } = await bookedPair([48, 72, 96, 120]);
    const [a, b, c, d] = slots as [string, string, string, string];
    await bookOk(me.token, a);
    await bookOk(me.token, c);
    await bookOk(me.token, d);
    expect((await move(me.token, a, b)).status).toBe(200);
    const api = trpcAt(me.token).scheduling;
    expect((await api.cancel.mutate({ slotId: c, reason: "Exam that day" })).slotId).toBe(c);
    expect((await trpcOutcome(trpcAt(m.token).scheduling.deleteSlot.mutate({ slotId: d, reason: "Conference" }))).status).toBe(200);
    // Another mentee's cancellation with him is not hers to see.
    const other = await mentee();
    await subscribe(other.id, m.id);
    const e = await publishOne(m.token, new Date(Math.ceil(Date.now() / HOUR) * HOUR + 150 * HOUR));
    await bookOk(other.token, e);
    await trpcAt(other.token).scheduling.cancel.mutate({ slotId: e, reason: "Someone else's reason" });

    const mine = await api.myBookings.query();
    expect(mine.upcoming.map((x) => x.id)).toEqual([b]);
    expect(mine.upcoming[0]!.history.map((h) => [h.kind, h.byRole])).toEqual([["moved", "mentee"]]);
    expect(mine.cancelled.map((x) => [x.byRole, x.reason, x.mentorName])).toEqual([
      ["mentor", "Conference", `${m.row.firstName} ${m.row.lastName}`],
      ["mentee", "Exam that day", `${m.row.firstName} ${m.row.lastName}`],
    ]);
    expect(mine.cancelled.map((x) => x.start)).toEqual([(await row(d)).startAt.toISOString(), (await row(c)).startAt.toISOString()]);
  });

  it("a move keeps the session's title (and its description) on a time that has none of its own", async () => {
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id);
    const at = (h: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + h * HOUR);
    const titled = await publish(m.token, at(48), { title: "Portfolio review", description: "Bring two projects" });
    expect(titled.status).toBe(201);
    const from = titled.body.allTimeSlots[0]._id as string;
    const to = await publishOne(m.token, at(72));
    await bookOk(me.token, from);
    const moved = await move(me.token, from, to);
    expect(moved.status, moved.message).toBe(200);
    expect(moved.value).toMatchObject({ id: to, title: "Portfolio review", description: "Bring two projects" });
    expect((await trpcAt(me.token).scheduling.myBookings.query()).upcoming[0]).toMatchObject({ id: to, title: "Portfolio review" });
    // The time she left keeps its own title for the next one who books it.
    expect((await row(from)).title).toBe("Portfolio review");
  });
});

describe("the waitlist only where it can help her", () => {
  it("refuses (409) with an open time and no booking, or a booking and an earlier open time; takes a booking with nothing earlier open", async () => {
    const { m, me, slots } = await bookedPair([48, 96]);
    const [early, late] = slots as [string, string];
    const api = trpcAt(me.token).scheduling;
    expect(await api.mentorSchedule.query({ mentorId: m.id })).toMatchObject({
      nextBooking: null,
      waitlistRefusal: "Open times are shown on this schedule: book one instead of waiting.",
    });
    expect(await trpcOutcome(api.joinWaitlist.mutate({ mentorId: m.id }))).toMatchObject({
      status: 409,
      message: "Open times are shown on this schedule: book one instead of waiting.",
    });

    await bookOk(me.token, late);
    expect(await trpcOutcome(api.joinWaitlist.mutate({ mentorId: m.id }))).toMatchObject({
      status: 409,
      message: "An earlier time is open now: move your booking to it instead of waiting.",
    });

    // Someone else takes the earlier time: now waiting for an earlier one makes sense.
    const other = await mentee();
    await subscribe(other.id, m.id);
    await bookOk(other.token, early);
    expect((await api.mentorSchedule.query({ mentorId: m.id })).waitlistRefusal).toBeNull();
    expect(await api.joinWaitlist.mutate({ mentorId: m.id })).toMatchObject({ waitlisted: true });
  });

  it("refuses (409) a mentee with no calls left and no booking to move: nothing freed could be hers", async () => {
    const now = new Date();
    const { m, me, slots } = await bookedPair([20, 22, 24, 26], now);
    for (const slot of slots) await bookOk(me.token, slot, now);
    // Two days on, the four calls of this period are held: none left, none upcoming.
    const later = new Date(now.getTime() + 48 * HOUR);
    const api = trpcAt(me.token, later).scheduling;
    expect(await api.mentorSchedule.query({ mentorId: m.id })).toMatchObject({ callsLeft: 0, nextBooking: null });
    expect(await trpcOutcome(api.joinWaitlist.mutate({ mentorId: m.id }))).toMatchObject({
      status: 409,
      message: "You have no calls left this period and no booking to move, so a freed time could not be yours.",
    });
  });
});

describe("the calendar file", () => {
  it("holds the session's live room as URL and in DESCRIPTION, follows a move to its new room, and keeps its UID", async () => {
    const { me, slots } = await bookedPair([48, 72]);
    const [from, to] = slots as [string, string];
    await bookOk(me.token, from);
    const first = unfold((await call("GET", `/api/calendar/booking/${from}.ics`, { token: me.token })).text);
    expect(first).toMatch(new RegExp(`\r\nURL:https?://[^\r]+/mentees/connect/live/${from}\r\n`));
    expect(first).toMatch(new RegExp(`DESCRIPTION:[^\r]*Join the session: https?://[^\r]+/mentees/connect/live/${from}`));
    const uid = /\r\nUID:([^\r]+)\r\n/.exec(first)?.[1];
    expect(uid).toBeTruthy();

    expect((await move(me.token, from, to)).status).toBe(200);
    const moved = unfold((await call("GET", `/api/calendar/booking/${to}.ics`, { token: me.token })).text);
    expect(moved).toContain(`\r\nUID:${uid}\r\n`);
    expect(moved).toMatch(new RegExp(`\r\nURL:https?://[^\r]+/mentees/connect/live/${to}\r\n`));
  });
});

describe("a request to move reaches her", () => {
  it("the mentor's ask is in her bell and on her home, until she answers it", async () => {
    const { m, me, slots } = await bookedPair([48, 72]);
    const [slot, other] = slots as [string, string];
    await bookOk(me.token, slot);
    expect((await ask(m.token, slot, "I'm travelling that week")).status).toBe(200);
    const bell = await trpcAt(me.token).notifications.latest.query({ side: "mentee" });
    expect(JSON.stringify(bell)).toContain(`asked you to move your session on`);
    expect(JSON.stringify(bell)).toContain(`I'm travelling that week`);
    const home = await trpcAt(me.token).mentees.home.query({ searches: [] });
    expect(home.rescheduleRequests.map((r) => [r.id, r.rescheduleRequest?.message])).toEqual([[slot, "I'm travelling that week"]]);

    expect((await move(me.token, slot, other)).status).toBe(200);
    expect((await trpcAt(me.token).mentees.home.query({ searches: [] })).rescheduleRequests).toEqual([]);
  });

  it("time off can ask the mentees to move instead of cancelling: the bookings stay, each mentee gets the request with his note", async () => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const Z = "Asia/Kolkata";
    const m = await mentor();
    const [asha, ben] = [await mentee(), await mentee()];
    for (const p of [asha, ben]) await subscribe(p.id, m.id, now);
    const first = await publishOne(m.token, wallTime(now, 3, "10:00", Z), now);
    const second = await publishOne(m.token, wallTime(now, 3, "15:00", Z), now);
    await bookOk(asha.token, first, now);
    await bookOk(ben.token, second, now);
    const api = trpcAt(m.token, now).scheduling;
    const day = dayIn(now, 3, Z);
    const preview = await api.previewTimeOff.query({ firstDay: day, lastDay: day });
    expect(preview.bookings.map((b) => [b.id, b.menteeName])).toEqual([
      [first, `${asha.row.firstName} ${asha.row.lastName}`],
      [second, `${ben.row.firstName} ${ben.row.lastName}`],
    ]);
    const added = await api.addTimeOff.mutate({
      firstDay: day,
      lastDay: day,
      note: "Away at a conference",
      confirmedBookingIds: preview.bookings.map((b) => b.bookingId!),
      bookings: "ask",
    });
    expect(added).toMatchObject({ asked: 2, cancelled: 0 });
    for (const [slot, who] of [
      [first, asha],
      [second, ben],
    ] as const) {
      expect(await row(slot)).toMatchObject({ state: "booked", menteeId: who.id, rescheduleMessage: "Away at a conference" });
      expect((await noticesOf("mentee", who.id)).some((n) => n.content.includes('"Away at a conference"'))).toBe(true);
      const home = await trpcAt(who.token, now).mentees.home.query({ searches: [] });
      expect(home.rescheduleRequests.map((r) => r.id)).toEqual([slot]);
    }
    // A value other than ask or cancel is a clear 400.
    const bad = await trpcOutcome(
      api.addTimeOff.mutate({ firstDay: dayIn(now, 5, Z), lastDay: dayIn(now, 5, Z), confirmedBookingIds: [], bookings: "move" as never }),
    );
    expect(bad).toMatchObject({ status: 400, message: "bookings must be ask or cancel" });
  });
});
