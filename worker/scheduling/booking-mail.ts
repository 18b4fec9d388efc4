import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { sessionEventMark } from "../calendars/sync/session-marks";
import { type BookingChange, bookingMails, type Party } from "../mail/booking-mails";
import { mailInsertWhen } from "../mail/mail";
import { mailLocale } from "../platform/i18n";
import type { SlotRow, SlotView } from "./slot-view";

/**
 * The booking e-mails as statements for the SAME batch as the change: each is written only
 * when the statement before it changed a row (`changes() = 1`), so they are placed right after the
 * change's notice (itself written only when the change matched), the second after the first. A
 * change that did not happen writes no mail.
 */

/** What the mails need of each party's account: her address and her language. */
export type BookingAddresses = { mentor: string | null; mentee: string | null; mentorLocale: string | null; menteeLocale: string | null };

/** Both parties' addresses and languages (ADR 0027), read in one statement (the mentor's through the slot). */
export async function bookingEmails(db: Db, slotId: string, menteeId: string): Promise<BookingAddresses> {
  const [row] = await db.all<BookingAddresses>(sql`select
    (select m.email from mentors m join time_slots s on s.mentor_id = m.id where s.id = ${slotId}) as mentor,
    (select e.email from mentees e where e.id = ${menteeId}) as mentee,
    (select m.locale from mentors m join time_slots s on s.mentor_id = m.id where s.id = ${slotId}) as mentorLocale,
    (select e.locale from mentees e where e.id = ${menteeId}) as menteeLocale`);
  return row ?? { mentor: null, mentee: null, mentorLocale: null, menteeLocale: null };
}

/** The parties of a slot row, in their own zones (the mentor's default is the product's) and languages. */
export function partiesOf(
  row: Pick<SlotRow, "mentorFirst" | "mentorLast" | "mentorZone" | "menteeFirst" | "menteeLast" | "menteeZone">,
  emails: BookingAddresses,
): { mentee: Party; mentor: Party } | null {
  if (!emails.mentor || !emails.mentee) return null;
  return {
    mentor: {
      email: emails.mentor,
      first: row.mentorFirst,
      last: row.mentorLast,
      zone: mentorZoneOrDefault(row.mentorZone),
      locale: mailLocale(emails.mentorLocale),
    },
    mentee: {
      email: emails.mentee,
      first: row.menteeFirst ?? "",
      last: row.menteeLast ?? "",
      zone: zoneOr(row.menteeZone),
      locale: mailLocale(emails.menteeLocale),
    },
  };
}

/**
 * The two mails' conditional inserts (none when an address is missing). Each is a booking notice:
 * muted, not left out, for a party who turned booking e-mails off, so the chain holds. Last, the mark that
 * has the mentor's own calendar follow the change (ADR 0040): every booking change passes here, so none misses it;
 * after the commit the caller hands it on with `writeSessionEventSoon`.
 */
export function bookingMailWrites(
  db: Db,
  parties: { mentee: Party; mentor: Party } | null,
  change: BookingChange,
  view: SlotView,
  now: Date,
) {
  const calendarMark = sessionEventMark(db, view.bookingId, view.mentorId, now);
  if (!parties) return [calendarMark];
  // bookingMails writes the mentee's, then the mentor's.
  const recipients = [
    view.menteeId ? { role: "mentee" as const, id: view.menteeId } : null,
    { role: "mentor" as const, id: view.mentorId },
  ];
  const mails = bookingMails({ change, view, ...parties, now }).map((message, i) => {
    const to = recipients[i];
    return mailInsertWhen(db, to ? { ...message, notice: { to, kind: "booking" } } : message, sql`changes() = 1`, now.getTime());
  });
  return [...mails, calendarMark];
}
