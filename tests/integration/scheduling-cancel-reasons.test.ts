import { describe, expect, it } from "vitest";
import { trpcOutcome } from "../support/api";
import { bookedPair, bookOk, callsLeft, eventsOf, noticesOf, removeSlot, row, trpcAt } from "../support/moves";
import { call } from "../support/scheduling";

/** Cancelling with a reason the other party sees (ADR 0023): the mentee's cancel and the mentor's delete of a booked slot. */
describe("cancellation reasons", () => {
  it("a mentee's reason reaches the mentor's notice and the history; the REST cancel without one still works", async () => {
    const { m, me, slots } = await bookedPair([30, 40]);
    const [first, second] = slots;
    await bookOk(me.token, first);
    await bookOk(me.token, second);
    const { bookingId } = await row(first);
    const api = trpcAt(me.token);
    expect((await trpcOutcome(api.scheduling.cancel.mutate({ slotId: first, reason: "x".repeat(501) }))).status).toBe(400);
    expect(await row(first)).toMatchObject({ state: "booked" });

    expect(await api.scheduling.cancel.mutate({ slotId: first, reason: "  I got a job offer and start on Monday.  " })).toEqual({
      slotId: first,
    });
    const notices = (await noticesOf("mentor", m.id)).map((n) => n.content);
    expect(notices.find((n) => /cancelled the session/.test(n))).toMatch(
      /The slot is open again\. Reason: I got a job offer and start on Monday\.$/,
    );
    expect((await eventsOf(bookingId!)).map((e) => [e.kind, e.byRole, e.message])).toEqual([
      ["cancelled", "mentee", "I got a job offer and start on Monday."],
    ]);
    expect(await callsLeft(me.token, m.id)).toBe(3);

    const rest = await call("PATCH", "/api/mentees/booked-slots/1", { token: me.token, body: { slotId: second } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.message).toBe("Booking cancelled");
    const plain = (await noticesOf("mentor", m.id)).map((n) => n.content).filter((n) => /cancelled the session/.test(n));
    expect(plain).toHaveLength(2);
    expect(plain.filter((n) => /Reason:/.test(n))).toHaveLength(1);
    expect(await callsLeft(me.token, m.id)).toBe(4);
  });

  it("a mentor's reason reaches the mentee's notice and the history; an open slot's delete ignores it", async () => {
    const { m, me, slots } = await bookedPair([30, 40]);
    const [booked, open] = slots;
    await bookOk(me.token, booked);
    const { bookingId } = await row(booked);
    const refused = await removeSlot(m.token, booked, undefined, "y".repeat(501));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/at most 500 characters/);

    expect(await removeSlot(m.token, booked, undefined, "I am unwell, sorry.")).toMatchObject({
      status: 200,
      value: { cancelledBooking: true },
    });
    expect((await noticesOf("mentee", me.id)).map((n) => n.content).join("\n")).toMatch(
      /cancelled your session on .*The call is back in your plan\. Reason: I am unwell, sorry\./,
    );
    expect((await eventsOf(bookingId!)).map((e) => [e.kind, e.byRole, e.message])).toEqual([
      ["cancelled", "mentor", "I am unwell, sorry."],
    ]);
    expect(await removeSlot(m.token, open, undefined, "Not needed")).toMatchObject({ status: 200, value: { cancelledBooking: false } });
    // The REST delete (SPEC §7) sends no reason and keeps its answer.
    const again = await bookedPair([30]);
    await bookOk(again.me.token, again.slots[0]);
    const rest = await call("DELETE", `/api/mentors/slot-details/${again.slots[0]}`, { token: again.m.token });
    expect(rest).toMatchObject({ status: 200, body: { message: "Slot Deleted", cancelledBooking: true } });
    expect((await noticesOf("mentee", again.me.id)).map((n) => n.content).join("\n")).not.toMatch(/Reason:/);
  });
});
