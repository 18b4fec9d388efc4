import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bookingEvents, livePresence, moderationActions, notifications, tickets, timeSlots } from "../../db/schema";
import { ALREADY_DISPUTED, DISPUTE_CLOSED } from "../../worker/attendance/disputes";
import { translateSentence } from "../../worker/platform/i18n/sentences";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { deliveredMail } from "../support/mail";
import { createModerator } from "../support/moderation";
import { call, subscribe } from "../support/scheduling";
import { connect, roomUrlFor } from "../support/sockets";

/** Attendance from the live room, the outcome of each session, disputes and records. */

const MIN = 60 * 1000;
const HOUR = 60 * MIN;

type Pair = Awaited<ReturnType<typeof pair>>;

const mentorsMade: string[] = [];
// The disputes left open here would crowd the moderators' first page of tickets for other files.
afterAll(async () => {
  if (mentorsMade.length)
    await testDb()
      .update(tickets)
      .set({ status: "resolved", resolution: "outcome_kept", resolvedAt: new Date() })
      .where(and(eq(tickets.status, "open"), inArray(tickets.accusedId, mentorsMade)));
  if (mentorsMade.length)
    await testDb()
      .update(tickets)
      .set({ status: "resolved", resolution: "outcome_kept", resolvedAt: new Date() })
      .where(and(eq(tickets.status, "open"), inArray(tickets.reporterId, mentorsMade)));
});

async function pair() {
  const mentor = await createMentor({ timeZone: "Asia/Kolkata", firstName: "Asha", lastName: `Rao${crypto.randomUUID().slice(0, 4)}` });
  const mentee = await createMentee({ timeZone: "America/New_York", firstName: "Priya" });
  mentorsMade.push(mentor.id);
  return { mentor, mentee, mentorToken: await accessTokenFor("mentor", mentor.id), menteeToken: await accessTokenFor("mentee", mentee.id) };
}

/** A booked session of the pair starting `startIn` from now (negative: in the past). */
async function session(p: Pair, startIn: number, type: "session" | "trial" = "session") {
  const start = new Date(Date.now() + startIn);
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: p.mentor.id,
      startAt: start,
      endAt: new Date(start.getTime() + HOUR),
      state: "booked",
      type,
      menteeId: p.mentee.id,
      bookedAt: new Date(start.getTime() - 2 * HOUR),
    })
    .returning();
  return slot;
}

/** What the live room would have written: a stretch `from`..`to` minutes after the slot's start. */
async function present(slot: { id: string; startAt: Date }, role: "mentee" | "mentor", personId: string, from: number, to: number | null) {
  await testDb()
    .insert(livePresence)
    .values({
      slotId: slot.id,
      role,
      personId,
      connectionId: crypto.randomUUID(),
      joinedAt: new Date(slot.startAt.getTime() + from * MIN),
      leftAt: to === null ? null : new Date(slot.startAt.getTime() + to * MIN),
    });
}

const settle = (now = new Date()) => call("POST", `/dev/cron/settleSessions?now=${now.getTime()}`);
const slotOf = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];
const alertsOf = (role: "mentee" | "mentor", id: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientRole, role), eq(notifications.recipientId, id)));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 5000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the live room keeps attendance", () => {
  it("writes each admitted socket's join and leave, server-side, per person", async () => {
    const p = await pair();
    const slot = await session(p, -2 * MIN);
    const before = Date.now();
    const mentor = await connect(await roomUrlFor(`live-room/${slot.id}`, p.mentorToken));
    const mentee = await connect(await roomUrlFor(`live-room/${slot.id}`, p.menteeToken));
    const rowsOf = () => testDb().select().from(livePresence).where(eq(livePresence.slotId, slot.id));
    const joined = await until(rowsOf, (rows) => rows.length === 2);
    expect(joined.map((r) => [r.role, r.personId]).sort()).toEqual([
      ["mentee", p.mentee.id],
      ["mentor", p.mentor.id],
    ]);
    for (const r of joined) expect(r.joinedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    mentee.close();
    const left = await until(rowsOf, (rows) => rows.some((r) => r.role === "mentee" && r.leftAt !== null));
    expect(left.find((r) => r.role === "mentee")?.leftAt).not.toBeNull();
    expect(left.find((r) => r.role === "mentor")?.leftAt).toBeNull();
    mentor.close();
    await until(rowsOf, (rows) => rows.every((r) => r.leftAt !== null));
    expect((await rowsOf()).every((r) => r.leftAt !== null)).toBe(true);
  });

  it("a refused socket leaves no record: a stranger, and anyone outside the window", async () => {
    const p = await pair();
    const later = await session(p, 2 * HOUR);
    await expect(connect(await roomUrlFor(`live-room/${later.id}`, p.menteeToken))).rejects.toThrow(/refused 403/);
    const now = await session(await pair(), -MIN);
    const stranger = await createMentee();
    await expect(connect(await roomUrlFor(`live-room/${now.id}`, await accessTokenFor("mentee", stranger.id)))).rejects.toThrow(
      /refused 403/,
    );
    expect(await testDb().select().from(livePresence).where(eq(livePresence.slotId, later.id))).toEqual([]);
    expect(await testDb().select().from(livePresence).where(eq(livePresence.slotId, now.id))).toEqual([]);
  });
});

describe("settling a session once its room has closed", () => {
  it("completed when they met; nothing changes for either and nobody is alerted", async () => {
    const p = await pair();
    const slot = await session(p, -2 * HOUR);
    await present(slot, "mentee", p.mentee.id, -3, 58);
    await present(slot, "mentor", p.mentor.id, 2, 60);
    expect((await settle()).status).toBe(200);
    expect(await slotOf(slot.id)).toMatchObject({ outcome: "completed", outcomeAt: expect.any(Date), disputedAt: null });
    expect(await alertsOf("mentee", p.mentee.id)).toEqual([]);
    const mine = await trpc(p.menteeToken).scheduling.myBookings.query();
    expect(mine.past[0]).toMatchObject({
      id: slot.id,
      attendance: { outcome: "completed", disputed: false, disputeUntil: expect.any(String) },
    });
  });

  it("waits until the room has closed (end + 5 minutes), and settles each session once however often it runs", async () => {
    const p = await pair();
    const slot = await session(p, -HOUR - 2 * MIN);
    await present(slot, "mentee", p.mentee.id, 0, 15);
    expect((await settle()).status).toBe(200);
    expect((await slotOf(slot.id)).outcome).toBeNull();
    const closed = new Date(slot.endAt.getTime() + 5 * MIN);
    await Promise.all([settle(closed), settle(closed), settle(new Date(closed.getTime() + MIN))]);
    expect((await slotOf(slot.id)).outcome).toBe("mentor_no_show");
    // One alert each, however many runs.
    expect((await alertsOf("mentee", p.mentee.id)).length).toBe(1);
    expect((await alertsOf("mentor", p.mentor.id)).length).toBe(1);
  });

  it("a mentor no-show gives the call back to her plan, tells both, and e-mails her how to book again", async () => {
    const p = await pair();
    await subscribe(p.mentee.id, p.mentor.id);
    const missed = await session(p, -2 * HOUR);
    await present(missed, "mentee", p.mentee.id, -5, 12);
    const plan = () => trpc(p.menteeToken).scheduling.mentorSchedule.query({ mentorId: p.mentor.id });
    expect((await plan()).callsLeft).toBe(3);
    await settle();
    expect((await slotOf(missed.id)).outcome).toBe("mentor_no_show");
    expect((await plan()).callsLeft).toBe(4);
    const [toHer] = await alertsOf("mentee", p.mentee.id);
    expect(toHer.content).toMatch(
      new RegExp(
        `^${p.mentor.firstName} ${p.mentor.lastName} did not join your session on .*The call is back in your plan: book another time from Schedules\\.$`,
      ),
    );
    const [toHim] = await alertsOf("mentor", p.mentor.id);
    expect(toHim.content).toMatch(
      /^You did not join your session with Priya .* it counts as missed by you\. If this is wrong, dispute it within 24 hours on your dashboard\.$/,
    );
    const mail = await deliveredMail(p.mentee.email, `${p.mentor.firstName} ${p.mentor.lastName} did not join your session`);
    expect(mail.text).toMatch(/The call is back in your plan/);
  });

  it("a mentee no-show uses the call; a mentor no-show of an intro call makes it hers again", async () => {
    const p = await pair();
    await subscribe(p.mentee.id, p.mentor.id);
    const missed = await session(p, -2 * HOUR);
    await present(missed, "mentor", p.mentor.id, 0, 20);
    await settle();
    expect((await slotOf(missed.id)).outcome).toBe("mentee_no_show");
    expect((await trpc(p.menteeToken).scheduling.mentorSchedule.query({ mentorId: p.mentor.id })).callsLeft).toBe(3);

    const q = await pair();
    const trial = await session(q, -HOUR, "trial");
    await present(trial, "mentee", q.mentee.id, 0, 10);
    const schedule = () => trpc(q.menteeToken).scheduling.mentorSchedule.query({ mentorId: q.mentor.id });
    expect((await schedule()).trialUsed).toBe(true);
    await settle();
    expect((await slotOf(trial.id)).outcome).toBe("mentor_no_show");
    expect((await schedule()).trialUsed).toBe(false);
    // And she can book another intro call with him (the one-trial index lets the missed one go).
    const [again] = await testDb()
      .insert(timeSlots)
      .values({ mentorId: q.mentor.id, startAt: new Date(Date.now() + 48 * HOUR), endAt: new Date(Date.now() + 49 * HOUR) })
      .returning();
    expect((await trpcOutcome(trpc(q.menteeToken).scheduling.bookTrial.mutate({ slotId: again.id }))).status).toBe(200);
  });

  it("nobody came: missed by both, each told", async () => {
    const p = await pair();
    const slot = await session(p, -2 * HOUR);
    await settle();
    expect((await slotOf(slot.id)).outcome).toBe("both_no_show");
    expect((await alertsOf("mentee", p.mentee.id))[0].content).toMatch(/^Nobody joined your session with Asha/);
  });
});

describe("disputing an outcome", () => {
  async function settled(outcomeAt = new Date(), outcome: "mentee_no_show" | "completed" = "mentee_no_show") {
    const p = await pair();
    const slot = await session(p, -2 * HOUR);
    await testDb().update(timeSlots).set({ outcome, outcomeAt }).where(eq(timeSlots.id, slot.id));
    return { p, slot };
  }

  it("either participant disputes once within 24 hours; it reaches the moderators' queue with the room's records", async () => {
    const { p, slot } = await settled();
    await present(slot, "mentor", p.mentor.id, 0, 20);
    const sent = await trpc(p.menteeToken).attendance.dispute.mutate({
      slotId: slot.id,
      what: "  I was there: the page said waiting for Asha.  ",
    });
    expect(sent.message).toMatch(/A moderator will look into it/);
    expect((await slotOf(slot.id)).disputedAt).toBeInstanceOf(Date);
    const [ticket] = await testDb().select().from(tickets).where(eq(tickets.id, sent.ticketId));
    expect(ticket).toMatchObject({
      kind: "attendance",
      slotId: slot.id,
      reporterRole: "mentee",
      reporterId: p.mentee.id,
      accusedRole: "mentor",
      accusedId: p.mentor.id,
      status: "open",
    });
    expect(ticket.content).toMatch(/recorded as "Missed by the mentee"\. I was there: the page said waiting for Asha\.$/);
    // Once per session: the mentor's dispute of the same one is refused, and so is hers again.
    expect(await trpcOutcome(trpc(p.mentorToken).attendance.dispute.mutate({ slotId: slot.id, what: "x" }))).toMatchObject({
      status: 409,
      message: ALREADY_DISPUTED,
    });
    expect(await trpcOutcome(trpc(p.menteeToken).attendance.dispute.mutate({ slotId: slot.id, what: "again" }))).toMatchObject({
      status: 409,
    });
    // The moderator sees it with the session and what the room saw.
    const moderator = await createModerator();
    const modToken = await accessTokenFor("moderator", moderator.id);
    let found: any;
    for (let page = 1; !found && page < 50; page++) {
      const queue = await trpc(modToken).moderation.tickets.query({ page });
      found = queue.items.find((t: any) => t.id === sent.ticketId);
      if (queue.items.length === 0) break;
    }
    expect(found).toMatchObject({
      kind: "attendance",
      session: {
        slotId: slot.id,
        outcome: "mentee_no_show",
        presence: [{ role: "mentor", joinedAt: expect.any(String), leftAt: expect.any(String) }],
      },
    });
  });

  it("refuses after 24 hours, before the outcome, to strangers (404) and with too many words (400)", async () => {
    const { p, slot } = await settled(new Date(Date.now() - 25 * HOUR));
    expect(await trpcOutcome(trpc(p.menteeToken).attendance.dispute.mutate({ slotId: slot.id, what: "late" }))).toMatchObject({
      status: 409,
      message: DISPUTE_CLOSED,
    });
    const fresh = await pair();
    const upcoming = await session(fresh, 3 * HOUR);
    expect(await trpcOutcome(trpc(fresh.menteeToken).attendance.dispute.mutate({ slotId: upcoming.id, what: "?" }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/not been settled/),
    });
    const stranger = await createMentee();
    expect(
      await trpcOutcome(trpc(await accessTokenFor("mentee", stranger.id)).attendance.dispute.mutate({ slotId: slot.id, what: "hi" })),
    ).toMatchObject({ status: 404 });
    expect(await trpcOutcome(trpc(p.menteeToken).attendance.dispute.mutate({ slotId: slot.id, what: "x".repeat(1001) }))).toMatchObject({
      status: 400,
      message: "Please keep it to 1000 characters",
    });
    const moderator = await createModerator();
    expect(
      await trpcOutcome(trpc(await accessTokenFor("moderator", moderator.id)).attendance.dispute.mutate({ slotId: slot.id, what: "x" })),
    ).toMatchObject({ status: 403 });
  });

  it("two disputes at once: one ticket; words are optional (one tap and a confirmation)", async () => {
    // A completed session: either side may dispute it (a no-show is in the other side's favour, not theirs to dispute).
    const { p, slot } = await settled(new Date(), "completed");
    const results = await Promise.all([
      trpcOutcome(trpc(p.menteeToken).attendance.dispute.mutate({ slotId: slot.id })),
      trpcOutcome(trpc(p.mentorToken).attendance.dispute.mutate({ slotId: slot.id, what: "two" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const made = await testDb().select().from(tickets).where(eq(tickets.slotId, slot.id));
    expect(made).toHaveLength(1);
    if (made[0].reporterRole === "mentee") expect(made[0].content).toMatch(/No details given\.$/);
  });

  it("a moderator changes the outcome (the call goes back to her plan), audited, both told; only once, only moderators", async () => {
    const { p, slot } = await settled();
    await subscribe(p.mentee.id, p.mentor.id);
    const { ticketId } = await trpc(p.menteeToken).attendance.dispute.mutate({ slotId: slot.id, what: "He never came." });
    const plan = () => trpc(p.menteeToken).scheduling.mentorSchedule.query({ mentorId: p.mentor.id });
    expect((await plan()).callsLeft).toBe(3);
    expect(await trpcOutcome(trpc(p.mentorToken).attendance.decide.mutate({ ticketId, outcome: "completed", note: "mine" }))).toMatchObject(
      { status: 403 },
    );
    const moderator = await createModerator();
    const modToken = await accessTokenFor("moderator", moderator.id);
    expect(await trpcOutcome(trpc(modToken).attendance.decide.mutate({ ticketId, outcome: "nobody" as never, note: "x" }))).toMatchObject({
      status: 400,
    });
    const decided = await trpc(modToken).attendance.decide.mutate({
      ticketId,
      outcome: "mentor_no_show",
      note: "The room shows only the mentee.",
    });
    expect(decided.message).toBe("Outcome changed to missed by the mentor");
    expect((await slotOf(slot.id)).outcome).toBe("mentor_no_show");
    expect((await plan()).callsLeft).toBe(4);
    expect((await testDb().select().from(tickets).where(eq(tickets.id, ticketId)))[0]).toMatchObject({
      status: "resolved",
      resolution: "outcome_changed",
      resolvedBy: moderator.id,
    });
    const [audit] = await testDb().select().from(moderationActions).where(eq(moderationActions.ticketId, ticketId));
    expect(audit).toMatchObject({ action: "settle_attendance", moderatorId: moderator.id, targetId: p.mentor.id });
    expect(JSON.parse(audit.details!)).toEqual({ slotId: slot.id, from: "mentee_no_show", to: "mentor_no_show" });
    const told = (await alertsOf("mentor", p.mentor.id)).map((n) => n.content);
    expect(told).toEqual([expect.stringMatching(/changed to "missed by the mentor"\. The room shows only the mentee\.$/)]);
    // A Hindi reader gets the whole sentence in Hindi, the outcome's name included; what the moderator wrote stays as written.
    expect(translateSentence(told[0], "hi")).toMatch(
      /^एक मॉडरेटर .*: परिणाम बदलकर "मेंटर शामिल नहीं हुआ" किया गया। The room shows only the mentee\.$/,
    );
    expect(translateSentence(decided.message, "hi")).toBe('परिणाम बदलकर "मेंटर शामिल नहीं हुआ" किया गया');
    const [ticket] = await testDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.content).toMatch(/^Attendance dispute about the session of .*, recorded as "Missed by the mentee"\. He never came\.$/);
    expect(translateSentence(ticket.content, "hi")).toMatch(
      /^.* के सेशन की उपस्थिति पर आपत्ति, जो "मेंटी शामिल नहीं हुआ" के रूप में दर्ज है। He never came\.$/,
    );
    expect(await trpcOutcome(trpc(modToken).attendance.decide.mutate({ ticketId, outcome: "completed", note: "again" }))).toMatchObject({
      status: 409,
    });
  });
});

describe("attendance records in the moderators' lists", () => {
  it("counts completed sessions, no-shows, late cancels and reschedules of the last 90 days per person", async () => {
    const p = await pair();
    const outcomes = ["completed", "completed", "mentor_no_show", "both_no_show", "mentee_no_show"] as const;
    for (const [i, outcome] of outcomes.entries()) {
      const slot = await session(p, -(i + 2) * 24 * HOUR);
      await testDb().update(timeSlots).set({ outcome, outcomeAt: new Date() }).where(eq(timeSlots.id, slot.id));
    }
    // Outside the 90 days: not counted.
    const old = await session(p, -100 * 24 * HOUR);
    await testDb().update(timeSlots).set({ outcome: "mentor_no_show", outcomeAt: old.endAt }).where(eq(timeSlots.id, old.id));
    // Her cancellation 5 hours before a start is late, one 3 days before is not; his cancellation 2 hours before is late.
    const event = (kind: "cancelled" | "moved" | "reschedule-requested", byRole: "mentee" | "mentor", hoursBefore: number) => {
      const createdAt = new Date(Date.now() - 24 * HOUR);
      return {
        bookingId: crypto.randomUUID(),
        menteeId: p.mentee.id,
        mentorId: p.mentor.id,
        kind,
        byRole,
        fromStart: new Date(createdAt.getTime() + hoursBefore * HOUR),
        slotId: crypto.randomUUID(),
        createdAt,
      };
    };
    await testDb()
      .insert(bookingEvents)
      .values([
        event("cancelled", "mentee", 5),
        event("cancelled", "mentee", 72),
        event("cancelled", "mentor", 2),
        event("moved", "mentee", 48),
        event("moved", "mentee", 30),
        event("reschedule-requested", "mentor", 20),
      ]);
    const moderator = await createModerator();
    const modToken = await accessTokenFor("moderator", moderator.id);
    const mentors = await trpc(modToken).moderation.mentors.query({ search: p.mentor.email, page: 1 });
    expect(mentors.items[0]).toMatchObject({ id: p.mentor.id, attendance: { completed: 2, noShows: 2, lateCancels: 1, reschedules: 1 } });
    const mentees = await trpc(modToken).moderation.mentees.query({ search: p.mentee.email, page: 1 });
    expect(mentees.items[0]).toMatchObject({ id: p.mentee.id, attendance: { completed: 2, noShows: 2, lateCancels: 1, reschedules: 2 } });
  });
});
