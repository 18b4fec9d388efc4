import { and, eq, gt, inArray, isNotNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  accountDeletions,
  bookingEvents,
  calendarConnections,
  calendarFeeds,
  calendarSessionEvents,
  conversations,
  dataExports,
  deadLetters,
  emailOutbox,
  emailProofs,
  enrollments,
  loginAttempts,
  mentees,
  mentorAvailability,
  mentorSkills,
  mentors,
  messages,
  notificationPreferences,
  notifications,
  oneTimeCodes,
  openUserRooms,
  pushSubscriptions,
  ratingPrompts,
  refreshSessions,
  reviews,
  sessionNoteComments,
  socketTickets,
  tickets,
  timeOff,
  timeSlots,
  waitlistEntries,
} from "../../db/schema";
import { BUNDLED_AVATAR } from "../accounts/accounts";
import { disconnect } from "../calendars/sync/accounts";
import type { ServiceDeps } from "../platform/deps";
import { GOOGLE_PICTURE_ORIGIN } from "../platform/ports/google-provider";
import { OPENED } from "../scheduling/booking";
import { cancelUpcoming, dueDeletions, type Member } from "./account-deletion";
import { ERASED_ADDRESS_DOMAIN } from "./leaving";
import { closeAccountsNoLongerOwed, closeStripeRecords, stripeRecordsOf } from "./stripe-closure";

/** What the people who shared history with her see in her place (ADR 0042). */
export const DELETED_USER = "Deleted user";

/** Accounts erased per run: each is a few dozen statements, so a run stays short; a backlog clears minute by minute. */
const ERASE_BATCH = 5;

/** The address her row keeps once erased: unique, undeliverable (.invalid), so her own address can register again. */
const erasedAddress = (deletionId: string) => `deleted-${deletionId}${ERASED_ADDRESS_DOMAIN}`;

/** `column` with every occurrence of her name and address replaced by her pseudonym. */
const pseudonymised = (column: SQL | typeof notifications.content, who: Identity) =>
  sql`replace(replace(${column}, ${who.fullName}, ${who.pseudonym}), ${who.email}, ${who.pseudonym})`;

type Identity = { fullName: string; email: string; pseudonym: string };

const mentions = (column: SQL | typeof emailOutbox.body | typeof emailOutbox.subject | typeof emailOutbox.html, who: Identity) =>
  or(like(sql`${column}`, `%${who.fullName}%`), like(sql`${column}`, `%${who.email}%`));
/**
 * A mail's attachments (JSON) with a calendar file's folded lines joined again: the file folds at 75 octets (RFC 5545
 * 3.1: CRLF and a tab, JSON-escaped here), which may split her name. A reader takes the longer lines as they are.
 */
const unfoldedAttachments = sql`replace(${emailOutbox.attachments}, ${"\\r\\n\\t"}, '')`;
/** A mail naming her anywhere: its subject, its text, its HTML or its attachments (a booking's calendar file names both people). */
const mailMentions = (who: Identity) =>
  or(
    mentions(emailOutbox.subject, who),
    mentions(emailOutbox.body, who),
    mentions(emailOutbox.html, who),
    mentions(unfoldedAttachments, who),
  );

/**
 * Erases the accounts whose grace period has passed and that no moderator holds (ADR 0042): the cron's job. Each is
 * erased by idempotent statements, so a run that stops halfway is finished by the next one; Stripe is closed last.
 * Then closes the connected accounts of erased mentors that an owed share kept open, once it is paid.
 */
export async function eraseDueAccounts(deps: ServiceDeps): Promise<{ erased: number; accountsClosed: number }> {
  let erased = 0;
  for (const deletion of await dueDeletions(deps.db, deps.now, ERASE_BATCH)) {
    const person: Member = { role: deletion.userRole as Member["role"], id: deletion.userId };
    await eraseAccount({ ...deps, origin: deletion.origin }, person, deletion.id, `${DELETED_USER} #${deletion.pseudonym}`);
    const done = await deps.db
      .update(accountDeletions)
      .set({ state: "erased", erasedAt: deps.now })
      .where(and(eq(accountDeletions.id, deletion.id), eq(accountDeletions.state, "pending")))
      .returning({ id: accountDeletions.id });
    erased += done.length;
  }
  const { closed } = await closeAccountsNoLongerOwed(deps);
  return { erased, accountsClosed: closed };
}

async function eraseAccount(deps: ServiceDeps & { origin: string }, person: Member, deletionId: string, pseudonym: string) {
  const { db, env } = deps;
  const table = person.role === "mentee" ? mentees : mentors;
  const [row] = await db
    .select({ first: table.firstName, last: table.lastName, email: table.email, image: table.profileImageKey })
    .from(table)
    .where(eq(table.id, person.id));
  if (!row) return;
  // What is still booked ahead (one that slipped in beside the request, one its cancel failed on) is cancelled
  // through the usual cancel, inside her 12-hour window too, so the other person gets the usual bell and mail.
  await cancelUpcoming(deps, person, { erasing: true });
  // His connected calendars go as a disconnect takes them: our access given back, credentials and mirror deleted (ADR 0040).
  if (person.role === "mentor") {
    const connections = await db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(eq(calendarConnections.mentorId, person.id));
    for (const connection of connections) await disconnect(deps, person.id, connection.id);
  }
  const stripeRecords = await stripeRecordsOf(db, person);

  const who: Identity = { fullName: `${row.first} ${row.last}`, email: row.email, pseudonym };
  if (row.image && !GOOGLE_PICTURE_ORIGIN.test(row.image) && !BUNDLED_AVATAR.test(row.image)) await env.IMAGES.delete(row.image);
  const archives = await db
    .select({ key: dataExports.objectKey })
    .from(dataExports)
    .where(and(eq(dataExports.userRole, person.role), eq(dataExports.userId, person.id), isNotNull(dataExports.objectKey)));
  for (const archive of archives) await env.EXPORT_FILES.delete(archive.key!);

  const [account, ...rest] = [...personStatements(db, person, who, deletionId), ...sharedHistoryStatements(db, person, who, deps.now)];
  await db.batch([account, ...rest]);
  await closeStripeRecords(deps, person, stripeRecords);
}

/** Her own rows: the account pseudonymised, everything that only served her removed. */
function personStatements(db: Db, person: Member, who: Identity, deletionId: string) {
  const { role, id } = person;
  const [first, last] = [DELETED_USER, who.pseudonym.slice(DELETED_USER.length + 1)];
  const account =
    role === "mentee"
      ? db
          .update(mentees)
          .set({
            firstName: first,
            lastName: last,
            email: erasedAddress(deletionId),
            phone: null,
            passwordHash: null,
            googleId: null,
            emailVerifiedAt: null,
            bio: null,
            profileImageKey: null,
            stripeCustomerId: null,
            timeZone: null,
            locale: null,
            isBlocked: true,
          })
          .where(eq(mentees.id, id))
      : db
          .update(mentors)
          .set({
            firstName: first,
            lastName: last,
            email: erasedAddress(deletionId),
            phone: "",
            // No password can match this: the erased account never signs in again.
            passwordHash: "erased",
            jobTitle: "",
            firmName: "",
            location: null,
            bio: "",
            shortBio: null,
            educationalQualification: "",
            website: null,
            twitterUrl: null,
            linkedInUrl: null,
            profileImageKey: null,
            rejectionReason: null,
            timeZone: null,
            locale: null,
            isBlocked: true,
          })
          .where(eq(mentors.id, id));
  return [
    account,
    db.delete(refreshSessions).where(and(eq(refreshSessions.userRole, role), eq(refreshSessions.userId, id))),
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.ownerRole, role), eq(pushSubscriptions.ownerId, id))),
    db.delete(openUserRooms).where(and(eq(openUserRooms.userRole, role), eq(openUserRooms.userId, id))),
    db.delete(socketTickets).where(and(eq(socketTickets.userRole, role), eq(socketTickets.userId, id))),
    db.delete(oneTimeCodes).where(and(eq(oneTimeCodes.userRole, role), eq(oneTimeCodes.userId, id))),
    db.delete(emailProofs).where(or(and(eq(emailProofs.userRole, role), eq(emailProofs.userId, id)), eq(emailProofs.email, who.email))),
    db.delete(loginAttempts).where(like(loginAttempts.key, `%${who.email}%`)),
    db.delete(notifications).where(and(eq(notifications.recipientRole, role), eq(notifications.recipientId, id))),
    db.delete(notificationPreferences).where(and(eq(notificationPreferences.ownerRole, role), eq(notificationPreferences.ownerId, id))),
    db.delete(calendarFeeds).where(and(eq(calendarFeeds.ownerRole, role), eq(calendarFeeds.ownerId, id))),
    db.delete(dataExports).where(and(eq(dataExports.userRole, role), eq(dataExports.userId, id))),
    db.delete(deadLetters).where(like(sql`${deadLetters.body}`, `%${who.email}%`)),
    // Mail to her goes, and mail that named her is gone once delivered (it is in the other person's mailbox); mail
    // not yet delivered keeps its purpose and names her by her pseudonym.
    db.delete(emailOutbox).where(eq(emailOutbox.to, who.email)),
    db
      .delete(emailOutbox)
      .where(and(or(isNotNull(emailOutbox.sentAt), isNotNull(emailOutbox.mutedAt), isNotNull(emailOutbox.deadAt)), mailMentions(who))),
    db
      .update(emailOutbox)
      .set({
        subject: pseudonymised(sql`${emailOutbox.subject}`, who),
        body: pseudonymised(sql`${emailOutbox.body}`, who),
        html: pseudonymised(sql`${emailOutbox.html}`, who),
        // Her name and address hold no character that JSON or a calendar file escapes.
        attachments: pseudonymised(unfoldedAttachments, who),
      })
      .where(mailMentions(who)),
    ...(role === "mentee"
      ? [
          db.delete(waitlistEntries).where(eq(waitlistEntries.menteeId, id)),
          db.delete(ratingPrompts).where(eq(ratingPrompts.menteeId, id)),
          db.update(enrollments).set({ checkoutUrl: null }).where(eq(enrollments.menteeId, id)),
        ]
      : [
          db.delete(mentorSkills).where(eq(mentorSkills.mentorId, id)),
          db.delete(mentorAvailability).where(eq(mentorAvailability.mentorId, id)),
          db.delete(timeOff).where(eq(timeOff.mentorId, id)),
          db.delete(calendarSessionEvents).where(eq(calendarSessionEvents.mentorId, id)),
        ]),
  ];
}

/**
 * What she shares with others (ADR 0042): kept for them, with her words removed and her name replaced. Her messages
 * stay in the conversation as "Deleted user" with their text removed; her review keeps its rating (the mentor's
 * average stands) and loses its text; her notes' comments and the messages of her cancellations and complaints go.
 */
function sharedHistoryStatements(db: Db, person: Member, who: Identity, now: Date) {
  const { role, id } = person;
  const herConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(role === "mentee" ? eq(conversations.menteeId, id) : eq(conversations.mentorId, id));
  const slotsOfHers = role === "mentee" ? eq(timeSlots.menteeId, id) : eq(timeSlots.mentorId, id);
  return [
    db
      .update(messages)
      .set({ content: "", clientId: null })
      .where(and(eq(messages.senderType, role), eq(messages.senderId, id))),
    // The other person's bell kept previews of her messages: they go; other notices keep their purpose, naming her by her pseudonym.
    db.delete(notifications).where(and(eq(notifications.type, "message"), inArray(notifications.conversationId, herConversations))),
    db
      .update(notifications)
      .set({ content: pseudonymised(sql`${notifications.content}`, who) })
      .where(or(like(notifications.content, `%${who.fullName}%`), like(notifications.content, `%${who.email}%`))),
    db.delete(sessionNoteComments).where(and(eq(sessionNoteComments.authorRole, role), eq(sessionNoteComments.authorId, id))),
    db
      .update(tickets)
      .set({ content: "" })
      .where(and(eq(tickets.reporterRole, role), eq(tickets.reporterId, id))),
    db
      .update(bookingEvents)
      .set({ message: null })
      .where(and(eq(bookingEvents.byRole, role), role === "mentee" ? eq(bookingEvents.menteeId, id) : eq(bookingEvents.mentorId, id))),
    role === "mentee"
      ? db.update(reviews).set({ text: null }).where(eq(reviews.menteeId, id))
      : db.update(timeSlots).set({ title: null, description: null }).where(slotsOfHers),
    role === "mentee"
      ? db.update(timeSlots).set({ agenda: null }).where(slotsOfHers)
      : db
          .update(timeSlots)
          .set({ state: "deleted" })
          .where(and(slotsOfHers, gt(timeSlots.startAt, now))),
    ...(role === "mentee"
      ? [
          db.update(timeSlots).set({ heldFor: null, heldUntil: null }).where(eq(timeSlots.heldFor, id)),
          // Only a session the cancel above failed on again is left here: opened, so nobody stays booked for her.
          db
            .update(timeSlots)
            .set(OPENED)
            .where(and(slotsOfHers, eq(timeSlots.state, "booked"), gt(timeSlots.startAt, now))),
        ]
      : []),
  ];
}
