import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  deadLetters,
  emailOutbox,
  emailProofs,
  moderationActions,
  notifications,
  oneTimeCodes,
  processedPaymentEvents,
  refreshSessions,
  reminderPlans,
  sessionReminders,
  timeSlots,
} from "../../db/schema";
import { PRUNE_BATCH } from "../../worker/privacy/retention";
import { createMentor, testDb } from "../support/accounts";
import { createModerator } from "../support/moderation";
import { call } from "../support/scheduling";

/**
 * The retention job (ADR 0038) through the built Worker's cron: each kind of record goes once it is past its stated
 * lifetime, and a record one day inside it stays. The rows are dated in the past rather than the job run in the
 * future, so the rows of files running beside this one are never touched.
 */

const DAY = 24 * 60 * 60 * 1000;
const prune = async () => {
  const response = await call("POST", "/dev/cron/pruneExpiredRecords");
  expect(response.status).toBe(200);
  return (response.body as { pruneExpiredRecords: Record<string, number> }).pruneExpiredRecords;
};
const ago = (days: number) => new Date(Date.now() - days * DAY);
const mark = () => crypto.randomUUID();

async function remaining<T extends { id: string }>(rows: Promise<T[]>) {
  return (await rows).map((r) => r.id).sort();
}

describe("records past their lifetime are deleted by the background work", () => {
  it("removes old mail, proofs, codes, sign-ins, notices, reminders, payment event ids, parked work and audit entries, and keeps the recent ones", async () => {
    const db = testDb();
    const person = mark();
    const mentor = await createMentor();
    const moderator = await createModerator();
    const [slot] = await db
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt: ago(40), endAt: new Date(ago(40).getTime() + 3_600_000) })
      .returning();
    const [recentSlot] = await db
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt: ago(20), endAt: new Date(ago(20).getTime() + 3_600_000) })
      .returning();
    const to = `${person}@retention.test`;

    const mail = await db
      .insert(emailOutbox)
      .values([
        { id: `${person}-sent-old`, to, subject: "s", body: "b", sentAt: ago(31) },
        { id: `${person}-sent-new`, to, subject: "s", body: "b", sentAt: ago(29) },
        { id: `${person}-muted-old`, to, subject: "s", body: "b", mutedAt: ago(31) },
        { id: `${person}-dead-old`, to, subject: "s", body: "b", deadAt: ago(91) },
        { id: `${person}-dead-new`, to, subject: "s", body: "b", deadAt: ago(89) },
        { id: `${person}-pending-old`, to, subject: "s", body: "b", createdAt: ago(400) },
      ])
      .returning();
    expect(mail).toHaveLength(6);
    await db.insert(emailProofs).values([
      {
        id: `${person}-proof-old`,
        purpose: "verify_email",
        userRole: "mentee",
        userId: person,
        email: to,
        secretHash: "x",
        expiresAt: ago(31),
      },
      {
        id: `${person}-proof-new`,
        purpose: "verify_email",
        userRole: "mentee",
        userId: person,
        email: to,
        secretHash: "x",
        expiresAt: ago(29),
      },
    ]);
    await db.insert(oneTimeCodes).values([
      { id: `${person}-code-old`, userRole: "mentee", userId: person, purpose: "password_reset", codeHash: "x", expiresAt: ago(2) },
      { id: `${person}-code-new`, userRole: "mentee", userId: person, purpose: "password_reset", codeHash: "x", expiresAt: ago(0.5) },
    ]);
    await db.insert(refreshSessions).values([
      { id: `${person}-signin-old`, familyId: person, userRole: "mentee", userId: person, secretHash: "x", expiresAt: ago(31) },
      { id: `${person}-signin-new`, familyId: person, userRole: "mentee", userId: person, secretHash: "x", expiresAt: ago(29) },
    ]);
    await db.insert(notifications).values([
      { id: `${person}-notice-old`, recipientRole: "mentee", recipientId: person, type: "alert", content: "c", createdAt: ago(181) },
      { id: `${person}-notice-new`, recipientRole: "mentee", recipientId: person, type: "alert", content: "c", createdAt: ago(179) },
    ]);
    await db.insert(reminderPlans).values([
      { id: `${person}-plan-old`, slotId: slot.id, bookedAt: ago(50), startAt: slot.startAt, kind: "1h", dueAt: ago(40) },
      { id: `${person}-plan-new`, slotId: recentSlot.id, bookedAt: ago(50), startAt: recentSlot.startAt, kind: "1h", dueAt: ago(20) },
    ]);
    await db.insert(sessionReminders).values([
      { id: `${person}-sent-reminder-old`, slotId: slot.id, bookedAt: ago(50), recipientRole: "mentee", kind: "1h", createdAt: ago(31) },
      {
        id: `${person}-sent-reminder-new`,
        slotId: recentSlot.id,
        bookedAt: ago(50),
        recipientRole: "mentee",
        kind: "1h",
        createdAt: ago(29),
      },
    ]);
    await db.insert(processedPaymentEvents).values([
      { eventId: `${person}-event-old`, type: "invoice.paid", processedAt: ago(91) },
      { eventId: `${person}-event-new`, type: "invoice.paid", processedAt: ago(89) },
    ]);
    await db.insert(deadLetters).values([
      { id: `${person}-parked-old`, queue: "mail", body: {}, attempts: 5, createdAt: ago(91) },
      { id: `${person}-parked-new`, queue: "mail", body: {}, attempts: 5, createdAt: ago(89) },
      { id: `${person}-replayed-old`, queue: "mail", body: {}, attempts: 5, createdAt: ago(40), replayedAt: ago(31) },
      { id: `${person}-replayed-new`, queue: "mail", body: {}, attempts: 5, createdAt: ago(40), replayedAt: ago(29) },
    ]);
    await db.insert(moderationActions).values([
      {
        id: `${person}-audit-old`,
        moderatorId: moderator.id,
        action: "block",
        targetRole: "mentee",
        targetId: person,
        createdAt: ago(3 * 365 + 1),
      },
      {
        id: `${person}-audit-new`,
        moderatorId: moderator.id,
        action: "block",
        targetRole: "mentee",
        targetId: person,
        createdAt: ago(3 * 365 - 1),
      },
    ]);

    // A second run at the same time deletes nothing more and fails nothing.
    const [first, second] = await Promise.all([prune(), prune()]);
    expect((first.email_outbox ?? 0) + (second.email_outbox ?? 0)).toBeGreaterThanOrEqual(2);

    const ids = (rows: { id: string }[]) => rows.map((r) => r.id.replace(`${person}-`, "")).sort();
    expect(ids(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, to)))).toEqual([
      "dead-new",
      "pending-old",
      "sent-new",
    ]);
    expect(ids(await db.select({ id: emailProofs.id }).from(emailProofs).where(eq(emailProofs.userId, person)))).toEqual(["proof-new"]);
    expect(ids(await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(eq(oneTimeCodes.userId, person)))).toEqual(["code-new"]);
    expect(ids(await db.select({ id: refreshSessions.id }).from(refreshSessions).where(eq(refreshSessions.familyId, person)))).toEqual([
      "signin-new",
    ]);
    expect(ids(await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.recipientId, person)))).toEqual([
      "notice-new",
    ]);
    expect(
      ids(
        await db
          .select({ id: reminderPlans.id })
          .from(reminderPlans)
          .where(inArray(reminderPlans.slotId, [slot.id, recentSlot.id])),
      ),
    ).toEqual(["plan-new"]);
    expect(
      ids(
        await db
          .select({ id: sessionReminders.id })
          .from(sessionReminders)
          .where(inArray(sessionReminders.slotId, [slot.id, recentSlot.id])),
      ),
    ).toEqual(["sent-reminder-new"]);
    const events = await db
      .select({ id: processedPaymentEvents.eventId })
      .from(processedPaymentEvents)
      .where(inArray(processedPaymentEvents.eventId, [`${person}-event-old`, `${person}-event-new`]));
    expect(ids(events)).toEqual(["event-new"]);
    const parked = await db
      .select({ id: deadLetters.id })
      .from(deadLetters)
      .where(
        inArray(
          deadLetters.id,
          ["parked-old", "parked-new", "replayed-old", "replayed-new"].map((k) => `${person}-${k}`),
        ),
      );
    expect(ids(parked)).toEqual(["parked-new", "replayed-new"]);
    expect(
      ids(await db.select({ id: moderationActions.id }).from(moderationActions).where(eq(moderationActions.targetId, person))),
    ).toEqual(["audit-new"]);
  });

  it("removes a large backlog in bounded runs, the rest on the next ones", async () => {
    const db = testDb();
    const person = mark();
    const rows = Array.from({ length: PRUNE_BATCH + 20 }, (_, i) => ({
      id: `${person}-${i}`,
      recipientRole: "mentee" as const,
      recipientId: person,
      type: "alert" as const,
      content: "c",
      createdAt: ago(200),
    }));
    for (let i = 0; i < rows.length; i += 100) await db.insert(notifications).values(rows.slice(i, i + 100));
    const left = () => remaining(db.select({ id: notifications.id }).from(notifications).where(eq(notifications.recipientId, person)));

    const report = await prune();
    expect(report.notifications).toBeGreaterThan(0);
    expect(report.notifications).toBeLessThanOrEqual(PRUNE_BATCH);
    // Other files' old notices may share the batch; within a few runs every one of ours is gone.
    for (let run = 0; run < 5 && (await left()).length > 0; run++) await prune();
    expect(await left()).toEqual([]);
  });
});
