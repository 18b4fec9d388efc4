import { and, eq, gt, sql } from "drizzle-orm";
import { mentees, timeSlots } from "../../db/schema";
import { formatWhen, zoneOr } from "../../shared/zoned-time";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { rescheduleRequestMail } from "../mail/schedule-mails";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { mailLocale } from "../platform/i18n";
import { translateSentence } from "../platform/i18n/sentences";
import { pushToUser } from "../realtime/push";
import { stillBooked } from "./booking-guard";
import { bookingIdOf, historyWriteIfChanged } from "./booking-history";
import { readSlot, type SlotView, slotView } from "./slot-view";

type Deps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">;

/**
 * The mentor asks the mentee to pick another time for his booked, not yet started slot (ADR 0023):
 * one conditional update (the booking as read) batched with the history row, her notice and her
 * e-mail. From then on she may move it at any time before the start, or cancel it with the call back
 * in her plan; unanswered, it is released when it starts (reschedule-requests.job.ts).
 * `message` null (time off without a note): no text is stored, and her notice and e-mail say `withoutMessage` in her
 * language (the notice's words are translated where she reads them; the e-mail's here, from her chosen language).
 */
export async function askReschedule(
  deps: Deps,
  mentorId: string,
  slotId: string,
  message: string | null,
  withoutMessage = "",
): Promise<SlotView> {
  const { db, env, waitUntil, now } = deps;
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await readSlot(db, slotId);
    if (!row || row.slot.state === "deleted") fail("NOT_FOUND", "This slot does not exist.");
    if (row.slot.mentorId !== mentorId) fail("FORBIDDEN", "This slot belongs to another mentor.");
    if (row.slot.state !== "booked" || !row.slot.menteeId || !row.slot.bookedAt)
      fail("CONFLICT", "This slot has no booking to reschedule.");
    if (row.slot.startAt.getTime() <= now.getTime()) fail("CONFLICT", "This session has already started.");
    const [mentee] = await db
      .select({ email: mentees.email, first: mentees.firstName, locale: mentees.locale })
      .from(mentees)
      .where(eq(mentees.id, row.slot.menteeId))
      .limit(1);
    const menteeZone = zoneOr(row.menteeZone);
    const when = formatWhen(row.slot.startAt, menteeZone);
    const mentorName = `${row.mentorFirst} ${row.mentorLast}`;
    const request = { rescheduleRequestedAt: now, rescheduleMessage: message };
    const update = db
      .update(timeSlots)
      .set(request)
      .where(
        and(
          eq(timeSlots.id, slotId),
          eq(timeSlots.mentorId, mentorId),
          stillBooked(row.slot.menteeId, row.slot.bookedAt),
          gt(timeSlots.startAt, now),
        ),
      )
      .returning({ id: timeSlots.id });
    const history = historyWriteIfChanged(
      db,
      {
        bookingId: bookingIdOf(row.slot),
        menteeId: row.slot.menteeId,
        mentorId,
        kind: "reschedule-requested",
        byRole: "mentor",
        fromStart: row.slot.startAt,
        slotId,
        message,
      },
      now,
    );
    const to = { role: "mentee" as const, id: row.slot.menteeId };
    const noticeWords = message ?? withoutMessage;
    const content = `${mentorName} asked you to move your session on ${when}: "${noticeWords}" Pick another time before the session starts, or cancel it and the call goes back to your plan.`;
    const notice = notificationWrite(db, to, { type: "alert", kind: "booking", content }, now, { ifPreviousChanged: true });
    const locale = mailLocale(mentee.locale);
    const mail = mailInsertWhen(
      db,
      {
        ...rescheduleRequestMail({
          to: mentee.email,
          first: mentee.first,
          mentorName,
          mentorFirst: row.mentorFirst,
          when: formatWhen(row.slot.startAt, menteeZone, locale),
          message: message ?? translateSentence(withoutMessage, locale),
          locale,
        }),
        notice: { to, kind: "booking" },
      },
      sql`changes() = 1`,
      now.getTime(),
    );
    const [updated] = await db.batch([update, history, notice.statement, mail]);
    if (updated.length !== 1) continue;
    pushNotification(env, waitUntil, to, notice.view);
    pushToUser(env, waitUntil, to, "scheduler", { slotId, change: "reschedule-requested" });
    deliverMailSoon(env, waitUntil);
    return slotView({ ...row, slot: { ...row.slot, ...request } }, now);
  }
  fail("CONFLICT", "This booking changed while you were asking. Please look at it again.");
}
