import { and, eq, gt, lte } from "drizzle-orm";
import { aliasedTable } from "drizzle-orm";
import { mentees, mentors, notifications, sessionReminders, timeSlots, type ReminderKind } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Env } from "../env";
import { mailInsert, deliverMailSoon } from "../services/mail";
import { reminderMail, reminderSoon } from "../services/mail/schedule-mails";
import { mailLocale } from "../i18n";
import { pushToUser } from "../services/push";
import { formatWhen, zoneOr } from "../../shared/zoned-time";

const HOUR = 60 * 60 * 1000;
type WaitUntil = (p: Promise<unknown>) => void;

/** Which reminder is due for a session starting at `start`: 1h within the hour, 24h within the day (a late cron skips straight to 1h). */
export function dueReminder(start: Date, now: Date): ReminderKind | null {
  const left = start.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= HOUR) return "1h";
  if (left <= 24 * HOUR) return "24h";
  return null;
}

const isUniqueViolation = (error: unknown) => {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: session_reminders/.test(String(e))) return true;
  }
  return false;
};

/**
 * Sends the due reminders of booked sessions (ADR 0013): for each party, an in-app notification and
 * an e-mail (in her language, issue 27), written in ONE batch with the "sent" marker, then pushed to her tabs and devices after
 * the commit; her channel switches for reminders apply (issue 27). The marker's unique key (booking, person,
 * kind) fails the whole batch when it was already sent, so a second or overlapping run sends nothing twice.
 */
export async function runReminders(db: Db, env: Env, now: Date, waitUntil: WaitUntil = () => {}): Promise<{ sent: number; skipped: number }> {
  const menteeRow = aliasedTable(mentees, "reminded_mentee");
  const rows = await db
    .select({
      slot: timeSlots,
      mentee: { first: menteeRow.firstName, last: menteeRow.lastName, email: menteeRow.email, zone: menteeRow.timeZone, locale: menteeRow.locale },
      mentor: { first: mentors.firstName, last: mentors.lastName, email: mentors.email, zone: mentors.timeZone, locale: mentors.locale },
    })
    .from(timeSlots)
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId))
    .innerJoin(menteeRow, eq(menteeRow.id, timeSlots.menteeId))
    .where(and(eq(timeSlots.state, "booked"), gt(timeSlots.startAt, now), lte(timeSlots.startAt, new Date(now.getTime() + 24 * HOUR))));
  let sent = 0;
  let skipped = 0;
  for (const r of rows) {
    const kind = dueReminder(r.slot.startAt, now);
    if (!kind || !r.slot.bookedAt) continue;
    const parties = [
      { role: "mentee" as const, id: r.slot.menteeId!, email: r.mentee.email, zone: zoneOr(r.mentee.zone), other: `${r.mentor.first} ${r.mentor.last}`, name: r.mentee.first, locale: mailLocale(r.mentee.locale) },
      { role: "mentor" as const, id: r.slot.mentorId, email: r.mentor.email, zone: zoneOr(r.mentor.zone, "Asia/Kolkata"), other: `${r.mentee.first} ${r.mentee.last}`, name: r.mentor.first, locale: mailLocale(r.mentor.locale) },
    ];
    for (const p of parties) {
      const when = formatWhen(r.slot.startAt, p.zone, "en");
      // Not "tomorrow": a session booked a few hours ahead gets its first reminder at once.
      const hoursLeft = Math.max(2, Math.round((r.slot.startAt.getTime() - now.getTime()) / HOUR));
      const soon = kind === "1h" ? "starts within the hour" : `is in about ${hoursLeft} hours`;
      const content = `Reminder: your session with ${p.other} ${soon}: ${when}.`;
      const notificationId = crypto.randomUUID();
      try {
        await db.batch([
          db.insert(sessionReminders).values({ slotId: r.slot.id, bookedAt: r.slot.bookedAt, recipientRole: p.role, kind, createdAt: now }),
          db.insert(notifications).values({ id: notificationId, recipientRole: p.role, recipientId: p.id, type: "alert", kind: "reminder", content, createdAt: now }),
          // Muted, not left out, when she turned reminder e-mails off (issue 27).
          mailInsert(db, { ...reminderMail({ to: p.email, first: p.name, other: p.other, soon: reminderSoon(kind === "1h" ? 1 : hoursLeft, p.locale), when: formatWhen(r.slot.startAt, p.zone, p.locale), locale: p.locale }), notice: { to: { role: p.role, id: p.id }, kind: "reminder" } }, now.getTime()),
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) {
          skipped++;
          continue;
        }
        throw error;
      }
      sent++;
      // Her open tabs and, by Web Push, her devices (issue 27).
      pushToUser(env, waitUntil, { role: p.role, id: p.id }, "notification", {
        id: notificationId,
        type: "alert",
        kind: "reminder",
        content,
        isRead: false,
        conversationId: null,
        time: now.toISOString(),
        createdAt: now.toISOString(),
      });
    }
  }
  if (sent > 0) deliverMailSoon(env, waitUntil);
  return { sent, skipped };
}
