import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  bookingEvents,
  calendarFeeds,
  earnings,
  emailOutbox,
  enrollments,
  livePresence,
  mentees,
  mentorAvailability,
  mentorSkills,
  mentors,
  moderationActions,
  notificationPreferences,
  notifications,
  payoutAccounts,
  payouts,
  pushSubscriptions,
  ratingPrompts,
  refreshSessions,
  reviews,
  sessionNoteComments,
  sessionNotes,
  tickets,
  timeOff,
  timeSlots,
  waitlistEntries,
} from "../../db/schema";

import { all, clean, mine, type Person, type Section } from "./archive-rows";
import { CALENDAR_SECTIONS } from "./calendar-sections";

/** The person's own slots (a mentor's every slot; a mentee's booked ones). */
const slotIdsOf = async (db: Db, who: Person) =>
  (
    await db
      .select({ id: timeSlots.id })
      .from(timeSlots)
      .where(mine(who, timeSlots.menteeId, timeSlots.mentorId))
  ).map((r) => r.id);

export const SECTIONS: Section[] = [
  {
    file: "profile.json",
    tables: ["mentees", "mentors"],
    about: "your account and profile as you gave them (name, e-mail, phone, bio, links, zone, language)",
    rows: (db, who) =>
      all(who.role === "mentee" ? mentees : mentors, (w) => eq((w.role === "mentee" ? mentees : mentors).id, w.id))(db, who),
  },
  {
    file: "expertise.json",
    tables: ["mentor_skills"],
    about: "the skills on your mentor profile",
    rows: (db, who) => (who.role === "mentor" ? all(mentorSkills, (w) => eq(mentorSkills.mentorId, w.id))(db, who) : Promise.resolve([])),
  },
  {
    file: "sign-ins.json",
    tables: ["refresh_sessions"],
    about: "your sign-ins: when each started, until when it works, and when it was ended",
    rows: all(
      refreshSessions,
      (w) => and(eq(refreshSessions.userRole, w.role), eq(refreshSessions.userId, w.id)),
      refreshSessions.createdAt,
    ),
  },
  {
    file: "devices.json",
    tables: ["push_subscriptions"],
    about: "the devices that receive your push notifications (their name and when they last received one)",
    rows: all(pushSubscriptions, (w) => and(eq(pushSubscriptions.ownerRole, w.role), eq(pushSubscriptions.ownerId, w.id))),
  },
  {
    file: "notification-settings.json",
    tables: ["notification_preferences"],
    about: "which channels carry which kinds of notice, where you changed them",
    rows: all(notificationPreferences, (w) =>
      and(eq(notificationPreferences.ownerRole, w.role), eq(notificationPreferences.ownerId, w.id)),
    ),
  },
  {
    file: "notifications.json",
    tables: ["notifications"],
    about: "the notices in your bell",
    rows: all(
      notifications,
      (w) => and(eq(notifications.recipientRole, w.role), eq(notifications.recipientId, w.id)),
      notifications.createdAt,
    ),
  },
  {
    file: "emails.json",
    tables: ["email_outbox"],
    about: "the e-mails the product sent you that it still keeps (30 days; codes and links are redacted once sent)",
    rows: async (db, who) => {
      const table = who.role === "mentee" ? mentees : mentors;
      const [row] = await db.select({ email: table.email }).from(table).where(eq(table.id, who.id));
      if (!row) return [];
      const mails = await db
        .select({ subject: emailOutbox.subject, body: emailOutbox.body, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, row.email))
        .orderBy(asc(emailOutbox.createdAt));
      return mails.map((m) => clean(m));
    },
  },
  ...CALENDAR_SECTIONS,
  {
    file: "calendar-feed.json",
    tables: ["calendar_feeds"],
    about: "whether you have a private calendar feed (its secret address is not included: reset it on your profile)",
    rows: all(calendarFeeds, (w) => and(eq(calendarFeeds.ownerRole, w.role), eq(calendarFeeds.ownerId, w.id))),
  },
  {
    file: "subscriptions.json",
    tables: ["enrollments"],
    about: "your monthly plans: with whom, amount, periods, state",
    rows: all(enrollments, (w) => mine(w, enrollments.menteeId, enrollments.mentorId), enrollments.createdAt),
  },
  {
    file: "payments.json",
    tables: ["earnings"],
    about: "each payment: amount, refunds, period, invoice; for a mentor also the fee and his share",
    rows: (db, who) =>
      all(
        earnings,
        (w) => mine(w, earnings.menteeId, earnings.mentorId),
        earnings.paidAt,
        // A mentee's payment is hers; how the mentor's share and transfer went is his.
        who.role === "mentee"
          ? ["feePaise", "netPaise", "route", "transferId", "transferAttempts", "transferClaimedAt", "lastTransferError", "reversedPaise"]
          : [],
      )(db, who),
  },
  {
    file: "payout-account.json",
    tables: ["payout_accounts"],
    about: "your payout account's state at Stripe",
    rows: (db, who) =>
      who.role === "mentor" ? all(payoutAccounts, (w) => eq(payoutAccounts.mentorId, w.id))(db, who) : Promise.resolve([]),
  },
  {
    file: "payouts.json",
    tables: ["payouts"],
    about: "the payouts to your bank",
    rows: (db, who) => (who.role === "mentor" ? all(payouts, (w) => eq(payouts.mentorId, w.id))(db, who) : Promise.resolve([])),
  },
  {
    file: "sessions.json",
    tables: ["time_slots"],
    about: "your sessions (a mentor's published slots too): times, title, agenda, state, outcome",
    rows: all(timeSlots, (w) => mine(w, timeSlots.menteeId, timeSlots.mentorId), timeSlots.startAt),
  },
  {
    file: "booking-history.json",
    tables: ["booking_events"],
    about: "moves, requests to reschedule and cancellations of your bookings, with the reasons given",
    rows: all(bookingEvents, (w) => mine(w, bookingEvents.menteeId, bookingEvents.mentorId), bookingEvents.createdAt),
  },
  {
    file: "weekly-hours.json",
    tables: ["mentor_availability"],
    about: "your weekly hours",
    rows: (db, who) =>
      who.role === "mentor" ? all(mentorAvailability, (w) => eq(mentorAvailability.mentorId, w.id))(db, who) : Promise.resolve([]),
  },
  {
    file: "time-off.json",
    tables: ["time_off"],
    about: "your time off",
    rows: (db, who) => (who.role === "mentor" ? all(timeOff, (w) => eq(timeOff.mentorId, w.id))(db, who) : Promise.resolve([])),
  },
  {
    file: "waitlist.json",
    tables: ["waitlist_entries"],
    about: "where you asked to hear of an earlier time",
    rows: all(waitlistEntries, (w) => mine(w, waitlistEntries.menteeId, waitlistEntries.mentorId)),
  },
  {
    file: "attendance.json",
    tables: ["live_presence"],
    about: "when you joined and left each live session",
    rows: all(livePresence, (w) => and(eq(livePresence.role, w.role), eq(livePresence.personId, w.id)), livePresence.joinedAt, [
      "connectionId",
    ]),
  },
  {
    file: "session-notes.json",
    tables: ["session_notes", "session_note_comments"],
    about: "the notes of your sessions and the comments on them",
    rows: async (db, who) => {
      const slots = await slotIdsOf(db, who);
      if (slots.length === 0) return [];
      const [notes, comments] = await Promise.all([
        db.select().from(sessionNotes).where(inArray(sessionNotes.slotId, slots)),
        db.select().from(sessionNoteComments).where(inArray(sessionNoteComments.slotId, slots)).orderBy(asc(sessionNoteComments.createdAt)),
      ]);
      return [...notes.map((n) => clean({ kind: "note", ...n })), ...comments.map((c) => clean({ kind: "comment", ...c }))];
    },
  },
  {
    file: "rating-prompts.json",
    tables: ["rating_prompts"],
    about: "when you were asked to rate a mentor",
    rows: all(ratingPrompts, (w) => mine(w, ratingPrompts.menteeId, ratingPrompts.mentorId)),
  },
  {
    file: "reviews.json",
    tables: ["reviews"],
    about: "reviews you wrote (a mentee) or received (a mentor)",
    rows: all(reviews, (w) => mine(w, reviews.menteeId, reviews.mentorId), reviews.createdAt),
  },
  {
    file: "tickets.json",
    tables: ["tickets"],
    about: "complaints you filed, and complaints about you (without who filed them: that is their data)",
    rows: async (db, who) => {
      const rows = await db
        .select()
        .from(tickets)
        .where(
          or(
            and(eq(tickets.reporterRole, who.role), eq(tickets.reporterId, who.id)),
            and(eq(tickets.accusedRole, who.role), eq(tickets.accusedId, who.id)),
          ),
        )
        .orderBy(asc(tickets.createdAt));
      return rows.map((t) => {
        const filedByYou = t.reporterRole === who.role && t.reporterId === who.id;
        return clean({ filedByYou, ...t }, filedByYou ? ["resolvedBy"] : ["reporterRole", "reporterId", "content", "resolvedBy"]);
      });
    },
  },
  {
    file: "moderation-decisions.json",
    tables: ["moderation_actions"],
    about: "decisions moderators took about your account (blocks, your application), with the reasons given",
    rows: all(
      moderationActions,
      (w) => and(eq(moderationActions.targetRole, w.role), eq(moderationActions.targetId, w.id)),
      moderationActions.createdAt,
      ["moderatorId", "onceKey"],
    ),
  },
];

/**
 * Tables that hold a person's id but are not a file of their own, and why; a unit test checks that every such table
 * is either a section's or named here, so a new table cannot be left out of the archive unnoticed.
 */
export const NOT_IN_ARCHIVE: Record<string, string> = {
  account_deletions: "her request to delete the account: while it runs she cannot sign in without restoring it",
  conversations: "each conversation is a file of conversations/, with its messages",
  messages: "in conversations/, in context",
  email_proofs: "links to prove an address: secrets, kept 30 days",
  one_time_codes: "password-reset codes: secrets, kept a day",
  socket_tickets: "single-use socket tickets: secrets, kept 30 seconds",
  session_reminders: "that a reminder was sent: the mail itself is in emails.json",
  data_exports: "the archives themselves",
  open_user_rooms: "how many of her tabs are connected right now, kept only while one is",
};
