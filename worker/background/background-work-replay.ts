import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deadLetters, type MailLane, type Role } from "../../db/schema";
import { sendMailJobs } from "../mail/queued-delivery";
import { fail } from "../platform/domain-error";
import type { ReminderJob } from "../platform/env";
import { sendJobs } from "../platform/queues";
import { type BackgroundWorkDeps, parkedRows } from "./background-work";

/**
 * A moderator sends a parked item again (ADR 0031): the row is reset and its id handed to its queue, exactly as a new
 * change would, and the replay is written to the audit log in the same batch (ADR 0012).
 */

/** The account an e-mail went to, for the audit entry; the parked item itself when no account has that address. */
async function recipientOf(db: Db, email: string, fallbackId: string): Promise<{ role: Role; id: string }> {
  const [found] = await db.all<{
    role: Role;
    id: string;
  }>(sql`select 'mentee' as role, id from mentees where email = ${email}
    union all select 'mentor', id from mentors where email = ${email}
    union all select 'moderator', id from moderators where email = ${email} limit 1`);
  return found ?? { role: "moderator", id: fallbackId };
}

/** The audit row of a replay, written only when the statement before it (the dead letter's `replayed_at`) changed it. */
function replayAudit(db: Db, moderatorId: string, target: { role: Role; id: string }, details: Record<string, unknown>, at: number) {
  return db.run(sql`insert into moderation_actions (id, moderator_id, action, target_role, target_id, reason, details, created_at)
    select ${crypto.randomUUID()}, ${moderatorId}, 'replay_parked_work', ${target.role}, ${target.id}, null, ${JSON.stringify(details)}, ${at}
    where changes() = 1`);
}

const ALREADY = "This item was already sent again.";

/**
 * Sends a parked item again. A mail row is reset (no longer parked, attempts from zero, its last error kept for the
 * record) and handed to its lane's queue; a reminder plan is opened again, only while its session still stands as
 * planned and has not started, and handed to the reminders queue. The dead letter's `replayed_at`, the reset and the
 * audit entry are one batch, each conditioned on the one before, so a second replay (even a concurrent one) changes
 * nothing and is refused with 409.
 */
export async function replayParked(deps: BackgroundWorkDeps, moderatorId: string, deadLetterId: string) {
  const { db, env } = deps;
  const [row] = await parkedRows(db, eq(deadLetters.id, deadLetterId));
  if (!row) fail("NOT_FOUND", "This parked item was not found.");
  if (row.replayedAt) fail("CONFLICT", ALREADY);
  const at = deps.now.getTime();
  const markReplayed = db.all<{ id: string }>(
    sql`update dead_letters set replayed_at = ${at} where id = ${deadLetterId} and replayed_at is null returning id`,
  );
  // Each step below runs only in the batch whose first statement marked the dead letter (same instant, same id).
  const thisReplay = sql`exists (select 1 from dead_letters where id = ${deadLetterId} and replayed_at = ${at})`;

  if (row.kind === "mail") {
    const mail = row.mail;
    if (!mail?.id) fail("NOT_FOUND", "The message of this parked item no longer exists.");
    // Its code or link was removed when it was parked (ADR 0031); sending it again would send nothing useful.
    if (mail.sensitive)
      fail(
        "UNPROCESSABLE_CONTENT",
        "This message carried a one-time code or link, which was removed when it was parked, so it cannot be sent again. Ask the person to request a new code or link.",
      );
    if (mail.sentAt) fail("CONFLICT", "This message was delivered already.");
    const target = await recipientOf(db, mail.to, deadLetterId);
    const [marked, , reset] = await db.batch([
      markReplayed,
      replayAudit(
        db,
        moderatorId,
        target,
        {
          deadLetterId,
          kind: "mail",
          outboxId: mail.id,
          to: mail.to,
          subject: mail.subject,
          lane: mail.lane,
        },
        at,
      ),
      // Taken for the queue here (`queued_at`), so neither the sweep nor another hand-on sends a second message for it.
      db.all<{
        id: string;
        lane: MailLane;
      }>(sql`update email_outbox set dead_at = null, attempts = 0, claimed_until = null, next_attempt_at = ${at}, queued_at = ${at}
        where id = ${mail.id} and sent_at is null and sensitive = 0 and ${thisReplay}
        returning id, lane`),
    ]);
    if (marked.length === 0) fail("CONFLICT", ALREADY);
    if (reset.length === 0) fail("CONFLICT", "This message was delivered already.");
    try {
      await sendMailJobs(env, reset);
    } catch (error) {
      // Released for the minute sweep, which hands it on (ADR 0031).
      await db.run(sql`update email_outbox set queued_at = null where id = ${mail.id} and sent_at is null`);
      console.error("a replayed mail was not handed to its queue; the minute sweep does", error);
    }
    return {
      message: `Sent again to ${mail.to}.`,
      kind: "mail" as const,
      sent: true,
    };
  }

  if (row.kind === "reminder") {
    const plan = row.plan;
    if (!plan?.id || !row.slot) fail("NOT_FOUND", "The reminder of this parked item no longer exists.");
    const target = row.slot.menteeId
      ? { role: "mentee" as const, id: row.slot.menteeId }
      : { role: "mentor" as const, id: row.slot.mentorId };
    const stands = sql`exists (select 1 from time_slots s where s.id = ${row.slot.id} and s.state = 'booked' and s.start_at = ${plan.startAt.getTime()} and s.booked_at = ${plan.bookedAt.getTime()} and s.start_at > ${at})`;
    const [marked, , reopened] = await db.batch([
      markReplayed,
      replayAudit(
        db,
        moderatorId,
        target,
        {
          deadLetterId,
          kind: "reminder",
          planId: plan.id,
          slotId: row.slot.id,
          startAt: plan.startAt.toISOString(),
        },
        at,
      ),
      db.all<{ id: string }>(
        sql`update reminder_plans set done_at = null where id = ${plan.id} and ${stands} and ${thisReplay} returning id`,
      ),
    ]);
    if (marked.length === 0) fail("CONFLICT", ALREADY);
    // A session cancelled, moved or begun since has nothing to remind of: the item is cleared, nothing is sent.
    if (reopened.length === 0)
      return {
        message: "The session was cancelled, moved or has started, so no reminder was sent. The item is cleared.",
        kind: "reminder" as const,
        sent: false,
      };
    try {
      await sendJobs<ReminderJob>(env.REMINDERS, [{ kind: "reminder", planIds: [plan.id] }]);
    } catch (error) {
      console.error("a replayed reminder was not handed to its queue; the minute sweep does", error);
    }
    return {
      message: "The reminder is on its way again.",
      kind: "reminder" as const,
      sent: true,
    };
  }
  return fail("UNPROCESSABLE_CONTENT", "This parked item is of a kind that cannot be sent again.");
}
