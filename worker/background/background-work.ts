import { aliasedTable, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deadLetters, emailOutbox, type MailLane, mailLanes, mentees, mentors, reminderPlans, timeSlots } from "../../db/schema";
import { LIST_PAGE_SIZE, offsetOf } from "../moderation/list-query";
import type { ServiceDeps } from "../platform/deps";

/**
 * The operator's view of the background work (ADR 0031): what waits in each queue, what is failing, and what was
 * parked after its last attempt, which a moderator may send again. Replaying is a moderator action, written to the
 * audit log in the same batch (ADR 0012). The rows stay the truth: a replay resets the row and hands its id to the
 * queue, exactly as a new change would (background-work-replay.ts).
 */

export type BackgroundWorkDeps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">;

const HOUR = 60 * 60 * 1000;

const waitingMail = sql`${emailOutbox.sentAt} is null and ${emailOutbox.mutedAt} is null and ${emailOutbox.deadAt} is null`;

/** The backlog, per mail lane, of reminders, and of parked items; all read together (one round trip). */
export async function backlogOf(db: Db, now: Date) {
  const at = now.getTime();
  const [waiting, sent, [plans], [parked]] = await Promise.all([
    db
      .select({
        lane: emailOutbox.lane,
        waiting: sql<number>`count(*)`,
        oldest: sql<number | null>`min(${emailOutbox.createdAt})`,
        failing: sql<number>`coalesce(sum(${emailOutbox.lastError} is not null), 0)`,
      })
      .from(emailOutbox)
      .where(waitingMail)
      .groupBy(emailOutbox.lane),
    db
      .select({ lane: emailOutbox.lane, sent: sql<number>`count(*)` })
      .from(emailOutbox)
      .where(sql`${emailOutbox.sentAt} > ${at - HOUR}`)
      .groupBy(emailOutbox.lane),
    db
      .select({
        planned: sql<number>`count(*)`,
        oldestDue: sql<number | null>`min(${reminderPlans.dueAt})`,
      })
      .from(reminderPlans)
      .where(isNull(reminderPlans.doneAt)),
    db.select({ parked: sql<number>`count(*)` }).from(deadLetters).where(isNull(deadLetters.replayedAt)),
  ]);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    at: now.toISOString(),
    mail: mailLanes.map((lane) => {
      const w = waiting.find((r) => r.lane === lane);
      const oldest = w?.oldest ?? null;
      return {
        lane,
        waiting: w?.waiting ?? 0,
        oldestWaitingSince: iso(oldest),
        oldestWaitingMs: oldest === null ? null : Math.max(0, at - oldest),
        failing: w?.failing ?? 0,
        sentLastHour: sent.find((r) => r.lane === lane)?.sent ?? 0,
      };
    }),
    reminders: { planned: plans.planned, oldestDueAt: iso(plans.oldestDue) },
    parked: parked.parked,
  };
}

const kindOf = sql<string | null>`json_extract(${deadLetters.body}, '$.kind')`;
const plannedMentee = aliasedTable(mentees, "planned_mentee");
const plannedMentor = aliasedTable(mentors, "planned_mentor");

/** Parked items with what they were: the mail row, or the reminder plan and its session. */
export function parkedRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: deadLetters.id,
      queue: deadLetters.queue,
      kind: kindOf,
      attempts: deadLetters.attempts,
      replayedAt: deadLetters.replayedAt,
      parkedAt: deadLetters.createdAt,
      mail: {
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        lane: emailOutbox.lane,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        sensitive: emailOutbox.sensitive,
        sentAt: emailOutbox.sentAt,
        deadAt: emailOutbox.deadAt,
      },
      plan: {
        id: reminderPlans.id,
        kind: reminderPlans.kind,
        startAt: reminderPlans.startAt,
        bookedAt: reminderPlans.bookedAt,
        doneAt: reminderPlans.doneAt,
      },
      slot: {
        id: timeSlots.id,
        state: timeSlots.state,
        startAt: timeSlots.startAt,
        bookedAt: timeSlots.bookedAt,
        menteeId: timeSlots.menteeId,
        mentorId: timeSlots.mentorId,
      },
      menteeFirst: plannedMentee.firstName,
      menteeLast: plannedMentee.lastName,
      mentorFirst: plannedMentor.firstName,
      mentorLast: plannedMentor.lastName,
    })
    .from(deadLetters)
    .leftJoin(emailOutbox, sql`${kindOf} = 'mail' and ${emailOutbox.id} = json_extract(${deadLetters.body}, '$.id')`)
    .leftJoin(reminderPlans, sql`${kindOf} = 'reminder' and ${reminderPlans.id} = json_extract(${deadLetters.body}, '$.planId')`)
    .leftJoin(timeSlots, eq(timeSlots.id, reminderPlans.slotId))
    .leftJoin(plannedMentee, eq(plannedMentee.id, timeSlots.menteeId))
    .leftJoin(plannedMentor, eq(plannedMentor.id, timeSlots.mentorId))
    .where(where);
}

type ParkedRow = Awaited<ReturnType<typeof parkedRows>>[number];

/** What a moderator sees of a parked item. A sensitive mail's text is never read (it was redacted when it was parked). */
function shown(r: ParkedRow) {
  const common = {
    id: r.id,
    queue: r.queue,
    attempts: r.attempts,
    parkedAt: r.parkedAt.toISOString(),
  };
  if (r.kind === "mail") {
    const m = r.mail;
    return {
      ...common,
      kind: "mail" as const,
      mail: m
        ? {
            to: m.to,
            subject: m.subject,
            lane: m.lane as MailLane,
            attempts: m.attempts,
            lastError: m.lastError,
            sensitive: m.sensitive,
            delivered: m.sentAt !== null,
          }
        : null,
    };
  }
  if (r.kind === "reminder") {
    return {
      ...common,
      kind: "reminder" as const,
      reminder: r.plan
        ? {
            kind: r.plan.kind,
            slotId: r.slot?.id ?? null,
            startAt: r.plan.startAt.toISOString(),
            mentee: r.menteeFirst ? `${r.menteeFirst} ${r.menteeLast}` : null,
            mentor: r.mentorFirst ? `${r.mentorFirst} ${r.mentorLast}` : null,
          }
        : null,
    };
  }
  return { ...common, kind: "unknown" as const };
}

/** The parked items not sent again yet, newest first, a page at a time (the moderator lists' page size). */
export async function parkedList(db: Db, input: { page: number }) {
  const open = isNull(deadLetters.replayedAt);
  const [rows, [{ total }]] = await Promise.all([
    parkedRows(db, open).orderBy(desc(deadLetters.createdAt), desc(deadLetters.id)).limit(LIST_PAGE_SIZE).offset(offsetOf(input.page)),
    db.select({ total: sql<number>`count(*)` }).from(deadLetters).where(open),
  ]);
  return {
    total,
    page: input.page,
    pageSize: LIST_PAGE_SIZE,
    items: rows.map(shown),
  };
}
