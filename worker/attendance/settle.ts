import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mentors, timeSlots } from "../../db/schema";
import { type SessionOutcome, settleOutcome, settlesAt } from "../../shared/attendance";
import { LIVE_GRACE_MS, TRIAL_CALL_MS } from "../../shared/live-window";
import { formatWhen, mentorZoneOrDefault, SESSION_MS, zoneOr } from "../../shared/zoned-time";
import { missedByMentorMail } from "../mail/attendance-mails";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { mailLocale } from "../platform/i18n";
import { givenBackIntoPlan } from "../scheduling/calls-left";
import { bookedSlotWithPeople, slotMentee } from "../scheduling/slot-with-people";
import { outcomeNotices, type Party } from "./outcome-notices";
import { presenceBySlot } from "./presence";

/** Settled per run at most; the next minute's run takes the rest. */
const BATCH = 100;

/**
 * Settles booked sessions whose room has closed (ADR 0026): the outcome from the room's
 * records (shared/attendance.ts), written once by a conditional update, with each side's notice and
 * (when the mentor did not come) the mentee's e-mail in the same batch, pushed after the commit.
 * Idempotent: a session already settled, by an overlapping run or a moderator, is left alone.
 */
export async function settleEndedSessions({
  db,
  env,
  now,
  waitUntil,
}: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">): Promise<Record<SessionOutcome, number>> {
  // Every call's room closes at least 20 minutes after its start (an intro call: 15 + 5), so at most
  // 40 minutes before its one-hour slot's end: a coarse filter on the end, the exact one per row.
  const rows = await bookedSlotWithPeople(db, {
    slot: { id: timeSlots.id, type: timeSlots.type, startAt: timeSlots.startAt, endAt: timeSlots.endAt },
    mentee: {
      id: slotMentee.id,
      first: slotMentee.firstName,
      last: slotMentee.lastName,
      email: slotMentee.email,
      zone: slotMentee.timeZone,
      locale: slotMentee.locale,
    },
    mentor: { id: mentors.id, first: mentors.firstName, last: mentors.lastName, email: mentors.email, zone: mentors.timeZone },
    /** A missed call is "back in her plan" only when a running plan's current period holds it. */
    inPlan: givenBackIntoPlan(now),
  })
    .where(
      and(
        eq(timeSlots.state, "booked"),
        isNull(timeSlots.outcome),
        lte(timeSlots.endAt, new Date(now.getTime() + SESSION_MS - TRIAL_CALL_MS - LIVE_GRACE_MS)),
      ),
    )
    .orderBy(asc(timeSlots.endAt))
    .limit(BATCH);
  const due = rows.filter((r) => settlesAt({ type: r.slot.type, start: r.slot.startAt, end: r.slot.endAt }) <= now);
  const report: Record<SessionOutcome, number> = { completed: 0, mentee_no_show: 0, mentor_no_show: 0, both_no_show: 0 };
  if (!due.length) return report;
  const presence = await presenceBySlot(
    db,
    due.map((r) => r.slot.id),
  );
  let mailed = false;
  for (const r of due) {
    const outcome = settleOutcome({ type: r.slot.type, start: r.slot.startAt, end: r.slot.endAt }, presence.get(r.slot.id) ?? []);
    const mentee: Party = {
      id: r.mentee.id,
      first: r.mentee.first,
      name: `${r.mentee.first} ${r.mentee.last}`,
      email: r.mentee.email,
      zone: zoneOr(r.mentee.zone),
    };
    const mentor: Party = {
      id: r.mentor.id,
      first: r.mentor.first,
      name: `${r.mentor.first} ${r.mentor.last}`,
      email: r.mentor.email,
      zone: mentorZoneOrDefault(r.mentor.zone),
    };
    const inPlan = Boolean(r.inPlan);
    const notices = outcomeNotices(outcome, { type: r.slot.type, start: r.slot.startAt }, mentee, mentor, inPlan).map((n) => ({
      ...n,
      ...notificationWrite(db, n.to, { type: "alert", kind: "booking", content: n.content }, now, { ifPreviousChanged: true }),
    }));
    // After the notices: written only when the last of them was (the chain of `changes() = 1` starts at the settle).
    const mail: BatchItem<"sqlite">[] =
      outcome === "mentor_no_show"
        ? [
            mailInsertWhen(
              db,
              {
                ...missedByMentorMail({
                  to: mentee.email,
                  first: mentee.first,
                  mentorName: mentor.name,
                  when: formatWhen(r.slot.startAt, mentee.zone, mailLocale(r.mentee.locale)),
                  trial: r.slot.type === "trial",
                  inPlan,
                  locale: mailLocale(r.mentee.locale),
                }),
                notice: { to: { role: "mentee", id: mentee.id }, kind: "booking" },
              },
              sql`changes() = 1`,
              now.getTime(),
            ),
          ]
        : [];
    const settle = db
      .update(timeSlots)
      .set({ outcome, outcomeAt: now })
      .where(and(eq(timeSlots.id, r.slot.id), eq(timeSlots.state, "booked"), isNull(timeSlots.outcome)))
      .returning({ id: timeSlots.id });
    const [changed] = await db.batch([settle, ...notices.map((n) => n.statement), ...mail]);
    if (!changed.length) continue;
    report[outcome]++;
    mailed ||= mail.length > 0;
    for (const n of notices) pushNotification(env, waitUntil, n.to, n.view);
  }
  if (mailed) deliverMailSoon(env, waitUntil);
  return report;
}
