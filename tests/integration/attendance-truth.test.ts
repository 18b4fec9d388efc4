import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { enrollments, livePresence, mentors, notifications, tickets, timeSlots } from "../../db/schema";
import { IN_YOUR_FAVOUR } from "../../worker/attendance/disputes";
import { NOBODY_AT_FAULT } from "../../worker/moderation/blocking";
import { translateSentence } from "../../worker/platform/i18n/sentences";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { deliveredMail } from "../support/mail";
import { createModerator } from "../support/moderation";
import { book, call, DAY, HOUR, hoursAhead, publishOne, subscribe } from "../support/scheduling";

/**
 * Attendance says only what is true (ADR 0026): one count of calls left behind every page and the
 * booking, no dispute of an outcome in one's favour, a dispute's Block on the one at fault, and the
 * moderator's history of a person's sessions. Through the built Worker.
 */

const made: string[] = [];
afterAll(async () => {
  // Disputes left open here would crowd the moderators' first page of tickets for other files.
  if (made.length)
    await testDb()
      .update(tickets)
      .set({ status: "resolved", resolution: "outcome_kept", resolvedAt: new Date() })
      .where(and(eq(tickets.status, "open"), inArray(tickets.reporterId, made)));
});

async function pair() {
  const mentor = await createMentor({ timeZone: "Asia/Kolkata", firstName: "Asha", lastName: `Truth${crypto.randomUUID().slice(0, 4)}` });
  const mentee = await createMentee({ timeZone: "America/New_York", firstName: "Priya" });
  made.push(mentor.id, mentee.id);
  return { mentor, mentee, mentorToken: await accessTokenFor("mentor", mentor.id), menteeToken: await accessTokenFor("mentee", mentee.id) };
}
type Pair = Awaited<ReturnType<typeof pair>>;

/** A booked session of the pair starting `startIn` from now, settled with `outcome` (none: not settled). */
async function session(
  p: Pair,
  startIn: number,
  outcome: typeof timeSlots.$inferSelect.outcome = null,
  type: "session" | "trial" = "session",
) {
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
      outcome,
      outcomeAt: outcome ? new Date() : null,
    })
    .returning();
  return slot;
}

/** Her calls left with this mentor as each page reads them: Schedules (and booking), her subscriptions, her home. */
async function callsLeftEverywhere(p: Pair) {
  const api = trpc(p.menteeToken);
  const [schedule, mine, home] = await Promise.all([
    api.scheduling.mentorSchedule.query({ mentorId: p.mentor.id }),
    api.subscriptions.mine.query(),
    api.mentees.home.query({ searches: [] }),
  ]);
  return {
    schedule: schedule.callsLeft,
    subscriptions: mine.find((s) => s.mentor.id === p.mentor.id)?.callsLeft,
    home: home.subscriptions.find((s) => s.mentorId === p.mentor.id)?.callsLeft,
  };
}

describe("one count of calls left", () => {
  it("a call the mentor missed is back on every page, an intro call never counts, and booking allows exactly what the pages say", async () => {
    const p = await pair();
    await subscribe(p.mentee.id, p.mentor.id);
    // Four calls this period: two held, one the mentor missed, one to come; and her intro call.
    await session(p, -3 * DAY, "completed");
    await session(p, -2 * DAY, "completed");
    await session(p, -DAY, "mentor_no_show");
    await session(p, 2 * DAY);
    await session(p, -4 * DAY, "completed", "trial");
    expect(await callsLeftEverywhere(p)).toEqual({ schedule: 1, subscriptions: 1, home: 1 });
    // The one call the pages offer can be booked; then none is left anywhere and booking refuses the next.
    const first = await publishOne(p.mentorToken, hoursAhead(5 * 24));
    const second = await publishOne(p.mentorToken, hoursAhead(7 * 24));
    expect((await book(p.menteeToken, first)).status).toBe(201);
    expect(await callsLeftEverywhere(p)).toEqual({ schedule: 0, subscriptions: 0, home: 0 });
    const refused = await book(p.menteeToken, second);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("You have used all 4 calls of this period.");
  });
});

describe("what she is told when her mentor did not come", () => {
  it("the call is back in her plan only when a running plan's period holds it; else only that it was not counted", async () => {
    const p = await pair();
    // Her plan with him ended before the session was settled (a canceled subscription keeps no access).
    await testDb()
      .insert(enrollments)
      .values({
        menteeId: p.mentee.id,
        mentorId: p.mentor.id,
        status: "canceled",
        amountPaise: 600_000,
        currentPeriodStart: new Date(Date.now() - 30 * DAY),
        currentPeriodEnd: new Date(Date.now() - HOUR),
        activatedAt: new Date(Date.now() - 30 * DAY),
        endedAt: new Date(Date.now() - HOUR),
      });
    const missed = await session(p, -2 * HOUR);
    await testDb()
      .insert(livePresence)
      .values({
        slotId: missed.id,
        role: "mentee",
        personId: p.mentee.id,
        connectionId: crypto.randomUUID(),
        joinedAt: new Date(missed.startAt.getTime() - 5 * 60_000),
        leftAt: new Date(missed.startAt.getTime() + 12 * 60_000),
      });
    expect((await call("POST", `/dev/cron/settleSessions?now=${Date.now()}`)).status).toBe(200);
    const [row] = await testDb().select().from(timeSlots).where(eq(timeSlots.id, missed.id));
    expect(row.outcome).toBe("mentor_no_show");
    const told = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentee"), eq(notifications.recipientId, p.mentee.id)));
    expect(told.map((n) => n.content)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${p.mentor.firstName} ${p.mentor.lastName} did not join your session on .*\\. It was not counted against your plan\\.$`,
        ),
      ),
    ]);
    expect(translateSentence(told[0].content, "hi")).toMatch(/यह आपके प्लान में नहीं गिना गया।$/);
    const mail = await deliveredMail(p.mentee.email, `${p.mentor.firstName} ${p.mentor.lastName} did not join your session`);
    expect(mail.text).not.toMatch(/back in your plan/);
    expect(mail.text).toMatch(/It was not counted against your plan, but that plan's period is over or the plan has ended\./);
  });
});

describe("disputes are about the one at fault", () => {
  it("refuses a dispute of an outcome in one's favour, with a clear message (the mentee of a mentor no-show, the mentor of a mentee no-show)", async () => {
    const p = await pair();
    const missedByHim = await session(p, -3 * HOUR, "mentor_no_show");
    const missedByHer = await session(p, -5 * HOUR, "mentee_no_show");
    expect(await trpcOutcome(trpc(p.menteeToken).attendance.dispute.mutate({ slotId: missedByHim.id, what: "more" }))).toEqual({
      status: 403,
      message: IN_YOUR_FAVOUR,
    });
    expect(await trpcOutcome(trpc(p.mentorToken).attendance.dispute.mutate({ slotId: missedByHer.id }))).toEqual({
      status: 403,
      message: IN_YOUR_FAVOUR,
    });
    const [row] = await testDb().select().from(timeSlots).where(eq(timeSlots.id, missedByHim.id));
    expect(row.disputedAt).toBeNull();
    expect(
      await testDb()
        .select()
        .from(tickets)
        .where(inArray(tickets.slotId, [missedByHim.id, missedByHer.id])),
    ).toHaveLength(0);
  });

  it("the mentor disputes his own no-show: the ticket's Block falls on him (at fault by the record), never on the mentee who came", async () => {
    const p = await pair();
    const slot = await session(p, -3 * HOUR, "mentor_no_show");
    const { ticketId } = await trpc(p.mentorToken).attendance.dispute.mutate({ slotId: slot.id, what: "I was there." });
    const modToken = await accessTokenFor("moderator", (await createModerator()).id);
    let found: any;
    for (let page = 1; !found && page < 50; page++) {
      const queue = await trpc(modToken).moderation.tickets.query({ page });
      found = queue.items.find((t) => t.id === ticketId);
      if (queue.items.length === 0) break;
    }
    expect(found.session).toMatchObject({ outcome: "mentor_no_show", atFault: "mentor" });
    // Through the REST path the legacy client uses, the same service.
    const blocked = await call("PATCH", "/api/moderator/tickets", { token: modToken, body: { ticketId } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body.accused).toEqual({ role: "mentor", id: p.mentor.id });
    const [mentor] = await testDb().select({ isBlocked: mentors.isBlocked }).from(mentors).where(eq(mentors.id, p.mentor.id));
    expect(mentor.isBlocked).toBe(true);
    const home = await trpcOutcome(trpc(p.menteeToken).mentees.home.query({ searches: [] }));
    expect(home.status).toBe(200);
  });

  it("with nobody at fault (completed, or nobody came) a dispute offers no Block: the moderator decides it instead", async () => {
    const p = await pair();
    const slot = await session(p, -3 * HOUR, "completed");
    const { ticketId } = await trpc(p.menteeToken).attendance.dispute.mutate({ slotId: slot.id, what: "He left at once." });
    const modToken = await accessTokenFor("moderator", (await createModerator()).id);
    expect(await trpcOutcome(trpc(modToken).moderation.blockFromTicket.mutate({ ticketId }))).toEqual({
      status: 409,
      message: NOBODY_AT_FAULT,
    });
    const [ticket] = await testDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.status).toBe("open");
    const [mentor] = await testDb().select({ isBlocked: mentors.isBlocked }).from(mentors).where(eq(mentors.id, p.mentor.id));
    expect(mentor.isBlocked).toBe(false);
  });
});

describe("a moderator's history of a person's sessions", () => {
  it("lists her settled sessions of the last 90 days with their outcomes, newest first; only moderators may read it", async () => {
    const p = await pair();
    await session(p, -100 * DAY, "mentee_no_show");
    await session(p, -10 * DAY, "mentee_no_show");
    await session(p, -5 * DAY, "completed");
    await session(p, -2 * DAY, "mentee_no_show");
    await session(p, 3 * DAY);
    const modToken = await accessTokenFor("moderator", (await createModerator()).id);
    const history = await trpc(modToken).moderation.sessionHistory.query({ role: "mentee", id: p.mentee.id });
    expect(history.map((s) => s.attendance?.outcome)).toEqual(["mentee_no_show", "completed", "mentee_no_show"]);
    expect(history[0]).toMatchObject({ mentorId: p.mentor.id, menteeId: p.mentee.id, type: "session" });
    const his = await trpc(modToken).moderation.sessionHistory.query({ role: "mentor", id: p.mentor.id });
    expect(his).toHaveLength(3);
    expect(await trpcOutcome(trpc(p.menteeToken).moderation.sessionHistory.query({ role: "mentee", id: p.mentee.id }))).toMatchObject({
      status: 403,
    });
    expect(await trpcOutcome(trpc(p.mentorToken).moderation.sessionHistory.query({ role: "mentee", id: p.mentee.id }))).toMatchObject({
      status: 403,
    });
    expect(
      await trpcOutcome(trpc(modToken).moderation.sessionHistory.query({ role: "moderator" as never, id: p.mentee.id })),
    ).toMatchObject({
      status: 400,
      message: "Unknown account type",
    });
  });
});
