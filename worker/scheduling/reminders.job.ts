import { aliasedTable, and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors, type ReminderKind, reminderPlans, sessionReminders, timeSlots } from "../../db/schema";
import { formatWhen, mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { mailInsertWhen } from "../mail/mail";
import { type ClaimedRow, claimedRowsQuery, sendClaimedMail } from "../mail/queued-delivery";
import { reminderMail, reminderSoon } from "../mail/schedule-mails";
import type { Env, ReminderJob } from "../platform/env";
import { mailLocale } from "../platform/i18n";
import type { MailTransport } from "../platform/ports/mail-transport";
import { sendJobsAt } from "../platform/queues";

/**
 * Session reminders at their minute (ADR 0031, ADR 0013). The minute sweep plans each reminder whose instant (24 hours
 * or 1 hour before the start, in the start the session has now) comes within the next minute, and hands it to the
 * reminders queue with a delay that ends at that instant. The consumer writes both people's reminders (bell entry,
 * e-mail) in one batch, only while the session still stands as planned, and sends the e-mails itself.
 */

const HOUR = 60 * 60 * 1000;
/** The sweep runs every minute: it plans what falls due before the next run. */
export const SWEEP_AHEAD_MS = 60 * 1000;
/** A reminder whose instant passed less than this long ago (a sweep that did not run) is still sent. */
export const REMINDER_CATCH_UP_MS = 60 * 60 * 1000;
const LEAD: Record<ReminderKind, number> = { "24h": 24 * HOUR, "1h": HOUR };

/**
 * Plans the reminders due before the next sweep, each once (the plan's unique key), and hands them to the queue, each
 * with a delay to its instant. A session booked or moved within a day gets its first reminder at once (the 24-hour one,
 * saying how many hours are left), and the hour's one at its instant; a session within the hour gets only that one.
 */
export async function planReminders(db: Db, env: Env, now: number): Promise<{ planned: number }> {
  const ahead = now + SWEEP_AHEAD_MS;
  const kinds = sql.join(
    Object.entries(LEAD).map(([kind, lead], i) => (i === 0 ? sql`select ${kind} as kind, ${lead} as lead` : sql`select ${kind}, ${lead}`)),
    sql` union all `,
  );
  const planned = await db.all<{
    id: string;
    due_at: number;
  }>(sql`insert into reminder_plans (id, slot_id, booked_at, start_at, kind, due_at, created_at)
    select lower(hex(randomblob(16))), s.id, s.booked_at, s.start_at, k.kind, max(s.start_at - k.lead, ${now}), ${now}
    from time_slots s, (${kinds}) k
    where s.state = 'booked' and s.booked_at is not null and s.mentee_id is not null
      and s.start_at > ${now} and s.start_at <= ${ahead + 24 * HOUR}
      and s.start_at - k.lead <= ${ahead}
      and (k.kind = '1h' or s.start_at > ${now + HOUR})
      and (s.start_at - k.lead > ${now - REMINDER_CATCH_UP_MS} or s.booked_at > ${now - REMINDER_CATCH_UP_MS})
    on conflict do nothing
    returning id, due_at`);
  await sendJobsAt(
    env.REMINDERS,
    inMessages(planned.map((p) => ({ planId: p.id, delaySeconds: Math.max(0, Math.ceil((p.due_at - now) / 1000)) }))),
  );
  return { planned: planned.length };
}

/** Reminders due at the same second share a message, up to this many: a tenth of the queue operations, which Queues bill by. */
export const REMINDERS_PER_MESSAGE = 10;

function inMessages(plans: { planId: string; delaySeconds: number }[]): { body: ReminderJob; delaySeconds: number }[] {
  const bySecond = new Map<number, string[]>();
  for (const p of plans) {
    const ids = bySecond.get(p.delaySeconds) ?? [];
    ids.push(p.planId);
    bySecond.set(p.delaySeconds, ids);
  }
  const messages: { body: ReminderJob; delaySeconds: number }[] = [];
  for (const [delaySeconds, ids] of bySecond)
    for (let i = 0; i < ids.length; i += REMINDERS_PER_MESSAGE)
      messages.push({ body: { kind: "reminder", planIds: ids.slice(i, i + REMINDERS_PER_MESSAGE) }, delaySeconds });
  return messages;
}

/**
 * Plans planned more than this long ago and still not done lost their queue message: the sweep hands them on again
 * (the consumer writes each person's reminder once, whatever it receives twice).
 */
export const REMINDER_LOST_MS = 15 * 60 * 1000;

export async function handOnLostReminders(db: Db, env: Env, now: number): Promise<number> {
  const lost = await db.all<{ id: string }>(
    sql`select id from reminder_plans where done_at is null and due_at < ${now - REMINDER_LOST_MS} and due_at > ${now - 24 * HOUR} limit 1000`,
  );
  await sendJobsAt(env.REMINDERS, inMessages(lost.map((p) => ({ planId: p.id, delaySeconds: 0 }))));
  return lost.length;
}

export type ReminderDeps = { db: Db; env: Env; mail: MailTransport; now: () => number };

/**
 * Writes and sends the planned reminders `planIds` (a queue batch). Each person's reminder is one marker row (unique per
 * booking, person and kind), her bell entry and her e-mail, written together and only while the session is still
 * booked at the planned start; a cancel or a move before then leaves nothing to send. The e-mails are delivered here,
 * at once; what the provider refuses goes to the bulk queue's retries. Returns how many people's reminders were written.
 */
export async function sendPlannedReminders(deps: ReminderDeps, planIds: string[]): Promise<{ written: number; noticeIds: string[] }> {
  const { db, env } = deps;
  if (planIds.length === 0) return { written: 0, noticeIds: [] };
  const menteeRow = aliasedTable(mentees, "reminded_mentee");
  const rows = await db
    .select({
      plan: reminderPlans,
      slot: {
        state: timeSlots.state,
        startAt: timeSlots.startAt,
        bookedAt: timeSlots.bookedAt,
        mentorId: timeSlots.mentorId,
        menteeId: timeSlots.menteeId,
      },
      mentee: {
        first: menteeRow.firstName,
        last: menteeRow.lastName,
        email: menteeRow.email,
        zone: menteeRow.timeZone,
        locale: menteeRow.locale,
      },
      mentor: { first: mentors.firstName, last: mentors.lastName, email: mentors.email, zone: mentors.timeZone, locale: mentors.locale },
    })
    .from(reminderPlans)
    .innerJoin(timeSlots, eq(timeSlots.id, reminderPlans.slotId))
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .leftJoin(menteeRow, eq(menteeRow.id, timeSlots.menteeId))
    .where(and(inArray(reminderPlans.id, planIds), isNull(reminderPlans.doneAt)));
  const at = deps.now();
  type Written = { role: "mentee" | "mentor"; id: string; markerId: string; mailId: string; notificationId: string; content: string };
  const written: Written[] = [];
  const statements = [];
  for (const r of rows) {
    const { plan, slot } = r;
    // Gone already (the batch's own check below decides under concurrency): nothing to write.
    const stands =
      slot.state === "booked" && slot.startAt.getTime() === plan.startAt.getTime() && slot.bookedAt?.getTime() === plan.bookedAt.getTime();
    if (!stands || !slot.menteeId || !r.mentee) continue;
    const hoursLeft = Math.max(2, Math.round((plan.startAt.getTime() - plan.dueAt.getTime()) / HOUR));
    const parties = [
      {
        role: "mentee" as const,
        id: slot.menteeId,
        email: r.mentee.email,
        zone: zoneOr(r.mentee.zone),
        other: `${r.mentor.first} ${r.mentor.last}`,
        name: r.mentee.first,
        locale: mailLocale(r.mentee.locale),
      },
      {
        role: "mentor" as const,
        id: slot.mentorId,
        email: r.mentor.email,
        zone: mentorZoneOrDefault(r.mentor.zone),
        other: `${r.mentee.first} ${r.mentee.last}`,
        name: r.mentor.first,
        locale: mailLocale(r.mentor.locale),
      },
    ];
    const sessionStands = sql`exists (select 1 from time_slots where id = ${plan.slotId} and state = 'booked' and start_at = ${plan.startAt.getTime()} and booked_at = ${plan.bookedAt.getTime()})`;
    for (const p of parties) {
      const soon = plan.kind === "1h" ? "starts within the hour" : `is in about ${hoursLeft} hours`;
      const content = `Reminder: your session with ${p.other} ${soon}: ${formatWhen(plan.startAt, p.zone, "en")}.`;
      const ids = { markerId: crypto.randomUUID(), mailId: crypto.randomUUID(), notificationId: crypto.randomUUID() };
      const markerWritten = sql`exists (select 1 from session_reminders where id = ${ids.markerId})`;
      statements.push(
        db.run(sql`insert into session_reminders (id, slot_id, booked_at, recipient_role, kind, created_at)
          select ${ids.markerId}, ${plan.slotId}, ${plan.bookedAt.getTime()}, ${p.role}, ${plan.kind}, ${at} where ${sessionStands}
          on conflict do nothing`),
        db.run(sql`insert into notifications (id, recipient_role, recipient_id, type, kind, content, is_read, created_at)
          select ${ids.notificationId}, ${p.role}, ${p.id}, 'alert', 'reminder', ${content}, 0, ${at} where ${markerWritten}`),
        // Muted, not left out, when she turned reminder e-mails off.
        mailInsertWhen(
          db,
          {
            ...reminderMail({
              to: p.email,
              first: p.name,
              other: p.other,
              soon: reminderSoon(plan.kind === "1h" ? 1 : hoursLeft, p.locale),
              when: formatWhen(plan.startAt, p.zone, p.locale),
              locale: p.locale,
            }),
            notice: { to: { role: p.role, id: p.id }, kind: "reminder" },
            lane: "bulk",
            aboutSession: { slotId: plan.slotId, startAt: plan.startAt },
            id: ids.mailId,
          },
          markerWritten,
          at,
        ),
      );
      written.push({ role: p.role, id: p.id, content, ...ids });
    }
  }
  const done = db
    .update(reminderPlans)
    .set({ doneAt: new Date(at) })
    .where(inArray(reminderPlans.id, planIds));
  if (written.length === 0) {
    await done;
    return { written: 0, noticeIds: [] };
  }
  // In the same batch: which markers this batch wrote, and the e-mails to send now (not muted).
  const markers = db
    .select({ id: sessionReminders.id })
    .from(sessionReminders)
    .where(
      inArray(
        sessionReminders.id,
        written.map((w) => w.markerId),
      ),
    );
  const mails = claimedRowsQuery(
    db,
    written.map((w) => w.mailId),
  );
  const results = await db.batch([done, ...statements, markers, mails]);
  const tail = results.slice(1 + statements.length);
  const kept = new Set((tail[0] as { id: string }[]).map((m) => m.id));
  const toSend = tail[1] as ClaimedRow[];
  const sent = written.filter((w) => kept.has(w.markerId));
  const noticeIds = sent.map((w) => w.notificationId);
  // Written claimed by this delivery: sent here at once; what the provider refuses goes to the bulk queue's retries.
  // From here on the reminders are written and their plans done, so a failure must not take their bell pushes with it
  // (a retry of the message finds nothing left to write): what could not be sent or recorded stays unsent in the
  // outbox, where the minute sweep sends it once its claim has passed.
  try {
    const outcomes = await sendClaimedMail(db, deps.mail, toSend, deps.now);
    const again = outcomes.filter((o) => o.retryInMs !== undefined);
    await sendJobsAt(
      env.MAIL_BULK,
      again.map((o) => ({ body: { kind: "mail" as const, id: o.id }, delaySeconds: o.retryInMs! / 1000 })),
    );
  } catch (error) {
    console.error("reminder e-mails left to the outbox's minute sweep", error);
  }
  return { written: sent.length, noticeIds };
}
