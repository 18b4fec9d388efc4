import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletions, enrollments, mentees, mentors, pushSubscriptions, refreshSessions, timeSlots } from "../../db/schema";
import { findAccountById } from "../accounts/accounts";
import { acceptAttempt, reserveAttempt } from "../accounts/login-throttle";
import { verifyPassword } from "../accounts/passwords";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { accountDeletionMail } from "../mail/privacy-mails";
import { grantsAccess } from "../payments/enrollment-status";
import { setCancelAtPeriodEnd } from "../payments/manage";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { mailLocale } from "../platform/i18n";
import { paymentsFor } from "../platform/ports/stripe-client";
import { disconnectSignIns } from "../realtime/push";
import { CANCEL_WINDOW_MS, cancelBooking } from "../scheduling/booking";
import { deleteSlot } from "../scheduling/slots";
import { type EndNowOutcome, endNowQuotes, endSubscriptionsNow } from "./end-now";
import { CONFIRM_WITH_GOOGLE_FIRST, GOOGLE_PROOF_REFUSED, linkedGoogleId, proofIsFor } from "./google-confirmation";

/** A person who may delete her own account (moderators' accounts are managed by the operator). */
export type Member = { role: "mentee" | "mentor"; id: string };

const DAY = 24 * 60 * 60 * 1000;
/** Signing in within this time restores the account; after it the background work erases it (ADR 0042). */
export const GRACE_DAYS = 14;
/** A mentor's sessions this close are his to cancel, or the deletion's only when he says so. */
export const OWN_CANCEL_DAYS = 7;

export const WRONG_PASSWORD = "That password is not right. Enter the password you sign in with to delete your account.";
export const SET_PASSWORD_FIRST =
  "Your account signs in with Google only. Set a password on this page first, then delete your account with it.";
export const ENTER_PASSWORD = "Enter your password to delete your account";
export const CANCEL_SOON_FIRST =
  "You have sessions booked in the next 7 days. Cancel them first, or tick “Cancel them for me” to have them cancelled with notices.";
export const RESTORED_MESSAGE = "Your account is restored";

/** A deletion still in progress (asked for, erasure not yet done): the one condition every path tests. */
const open = inArray(accountDeletions.state, ["pending", "paused"]);

/** A short id that names her as "Deleted user" once erased, the same on every screen that shows her. */
const shortId = () => crypto.randomUUID().replaceAll("-", "").slice(0, 6);

/** Her booked sessions still ahead, soonest first, with the other person's name (a mentor's page lists his next 7 days). */
async function upcomingSessions(db: Db, person: Member, now: Date) {
  const mine = person.role === "mentee" ? eq(timeSlots.menteeId, person.id) : eq(timeSlots.mentorId, person.id);
  return db
    .select({ slotId: timeSlots.id, startAt: timeSlots.startAt, menteeFirst: mentees.firstName, menteeLast: mentees.lastName })
    .from(timeSlots)
    .leftJoin(mentees, eq(mentees.id, timeSlots.menteeId))
    .where(and(mine, eq(timeSlots.state, "booked"), gt(timeSlots.startAt, now)))
    .orderBy(asc(timeSlots.startAt));
}

/** Her deletion in progress, if any. */
export async function openDeletion(db: Db, person: Member) {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userRole, person.role), eq(accountDeletions.userId, person.id), open));
  return row ?? null;
}

/** What the settings' "Delete my account" shows before she decides: what will happen, and what she must do first. */
export async function deletionOverview(db: Db, person: Member, now: Date) {
  const [account, sessions, subscriptions, quotes] = await Promise.all([
    findAccountById(db, person.role, person.id),
    upcomingSessions(db, person, now),
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          person.role === "mentee" ? eq(enrollments.menteeId, person.id) : eq(enrollments.mentorId, person.id),
          grantsAccess(now),
          isNotNull(enrollments.stripeSubscriptionId),
        ),
      ),
    person.role === "mentee" ? endNowQuotes(db, person.id, now) : [],
  ]);
  if (!account) fail("NOT_FOUND", "This account no longer exists.");
  const soonLimit = now.getTime() + OWN_CANCEL_DAYS * DAY;
  // A mentee's sessions inside her 12-hour window stay booked (her cancel would refuse them): the card says so.
  const late = person.role === "mentee" ? sessions.filter((s) => s.startAt.getTime() <= now.getTime() + CANCEL_WINDOW_MS).length : 0;
  return {
    hasPassword: Boolean(account.passwordHash),
    /** A mentee linked to Google may confirm with a fresh Google sign-in instead of her password. */
    hasGoogle: person.role === "mentee" && Boolean(await linkedGoogleId(db, person.id)),
    graceDays: GRACE_DAYS,
    activeSubscriptions: subscriptions.length,
    /** A mentee's running subscriptions and what "End it now" gives back for each (computed here, shown before she decides). */
    endNow: quotes.map(({ earningId: _, ...quote }) => quote),
    /** The sessions the request cancels. */
    upcomingSessions: sessions.length - late,
    /** A mentee's sessions too close to cancel: they stay booked, and signing in to join one keeps her account. */
    lateSessions: late,
    /** A mentor's sessions of the next 7 days: he cancels them himself, or ticks "cancel them for me". */
    soonSessions:
      person.role === "mentor"
        ? sessions
            .filter((s) => s.startAt.getTime() <= soonLimit)
            .map((s) => ({
              slotId: s.slotId,
              startAt: s.startAt.toISOString(),
              mentee: `${s.menteeFirst ?? ""} ${s.menteeLast ?? ""}`.trim(),
            }))
        : [],
  };
}

/**
 * Asks for her account to be deleted (ADR 0042): her password, or a fresh Google sign-in of her linked account, proves it is her; every sign-in ends and its sockets
 * close, her push devices go, her renewing subscriptions end at the period's close, her upcoming sessions are
 * cancelled through the usual paths (so the other person gets the usual bell and mail), and the erasure is planned
 * for 14 days later. Asking again while one is in progress answers that one.
 */
export async function requestDeletion(
  deps: ServiceDeps & { origin: string },
  person: Member,
  input: { password?: string; googleProof?: string; cancelSoonSessions?: boolean; endSubscriptionsNow?: boolean },
  address: string,
  /** The sign-in the request comes from, and the key a Google proof was signed with. */
  signIn: { sid: string; secret: string },
): Promise<{ eraseAfter: string; endedNow: EndNowOutcome | null }> {
  const { db, now } = deps;
  const account = await findAccountById(db, person.role, person.id);
  if (!account) fail("NOT_FOUND", "This account no longer exists.");
  const table = person.role === "mentee" ? mentees : mentors;
  const [{ email }] = await db.select({ email: table.email }).from(table).where(eq(table.id, person.id));
  if (input.googleProof) {
    // A fresh Google sign-in of her linked account, made for this sign-in (worker/privacy/google-confirmation.ts).
    if (!(await proofIsFor(db, signIn.secret, input.googleProof, person, signIn.sid)))
      fail("BAD_REQUEST", GOOGLE_PROOF_REFUSED, { googleProofRefused: true });
  } else {
    if (!account.passwordHash) {
      const google = person.role === "mentee" && (await linkedGoogleId(db, person.id));
      if (google) fail("UNPROCESSABLE_CONTENT", CONFIRM_WITH_GOOGLE_FIRST, { confirmWithGoogle: true });
      fail("UNPROCESSABLE_CONTENT", SET_PASSWORD_FIRST, { setPasswordFirst: true });
    }
    if (!input.password) fail("BAD_REQUEST", ENTER_PASSWORD);
    // Guessing her password through a stolen session is counted as sign-in attempts are (ADR 0005).
    const subject = { role: person.role, email, address };
    const refused = await reserveAttempt(db, "login", subject, now.getTime());
    if (refused) fail("TOO_MANY_REQUESTS", refused);
    if (!(await verifyPassword(input.password, account.passwordHash))) fail("BAD_REQUEST", WRONG_PASSWORD, { wrongPassword: true });
    await acceptAttempt(db, "login", subject, now.getTime());
  }

  const sessions = await upcomingSessions(db, person, now);
  const soon = sessions.filter((s) => s.startAt.getTime() <= now.getTime() + OWN_CANCEL_DAYS * DAY);
  if (person.role === "mentor" && soon.length > 0 && !input.cancelSoonSessions)
    fail("CONFLICT", CANCEL_SOON_FIRST, { soonSessions: soon.map((s) => s.slotId) });

  const eraseAfter = new Date(now.getTime() + GRACE_DAYS * DAY);
  const mine = (table: typeof refreshSessions | typeof pushSubscriptions) =>
    table === refreshSessions
      ? and(eq(refreshSessions.userRole, person.role), eq(refreshSessions.userId, person.id), isNull(refreshSessions.revokedAt))
      : and(eq(pushSubscriptions.ownerRole, person.role), eq(pushSubscriptions.ownerId, person.id));
  // The request, the end of every sign-in and the removal of her push devices commit together: from here on no
  // token of hers is accepted (the one account check sees her sign-ins ended) and no booking of hers can match.
  const [inserted] = await db.batch([
    db
      .insert(accountDeletions)
      .values({
        userRole: person.role,
        userId: person.id,
        pseudonym: shortId(),
        requestedAt: now,
        eraseAfter,
        origin: deps.origin,
        cancelledForHim: Boolean(input.cancelSoonSessions),
      })
      .onConflictDoNothing()
      .returning({ id: accountDeletions.id, eraseAfter: accountDeletions.eraseAfter }),
    db.update(refreshSessions).set({ revokedAt: now }).where(mine(refreshSessions)),
    db.delete(pushSubscriptions).where(mine(pushSubscriptions)),
    // Written only when this request is the one that started the deletion (asking twice mails once).
    mailInsertWhen(
      db,
      accountDeletionMail(email, account.firstName, eraseAfter, mailLocale(account.locale)),
      sql`exists (select 1 from account_deletions d where d.user_role = ${person.role} and d.user_id = ${person.id} and d.state = 'pending' and d.requested_at = ${now.getTime()})`,
      now.getTime(),
    ),
  ]);
  deliverMailSoon(deps.env, deps.waitUntil);
  disconnectSignIns(deps, person, {}, "signed-out", now);
  if (inserted.length === 0) {
    const existing = await openDeletion(db, person);
    return { eraseAfter: (existing?.eraseAfter ?? eraseAfter).toISOString(), endedNow: null };
  }
  await cancelUpcoming(deps, person);
  // Only the request that started the deletion gets here: two requests at once refund once.
  const endedNow =
    person.role === "mentee" && input.endSubscriptionsNow ? await endSubscriptionsNow(deps, person.id, inserted[0].id) : null;
  await endRenewals(deps, person);
  return { eraseAfter: eraseAfter.toISOString(), endedNow };
}

/**
 * Cancels her booked sessions still ahead through the paths a person uses (the other person gets the usual bell and
 * mail). At the request a mentee's session inside the 12-hour window is left booked, as her own cancel would leave
 * it (a deletion undone by signing in must not take a call back late). The erasure runs this again with `erasing`:
 * then every session still ahead is cancelled through the same path, the window lifted, so the mentor is told.
 */
export async function cancelUpcoming(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now" | "requestId"> & { origin: string },
  person: Member,
  { erasing = false } = {},
) {
  let cancelled = 0;
  const lateFrom = deps.now.getTime() + CANCEL_WINDOW_MS;
  for (const session of await upcomingSessions(deps.db, person, deps.now)) {
    if (person.role === "mentee" && !erasing && session.startAt.getTime() <= lateFrom) continue;
    try {
      if (person.role === "mentee") await cancelBooking(deps, { menteeId: person.id, slotId: session.slotId, erasing });
      else await deleteSlot(deps, { mentorId: person.id, slotId: session.slotId });
      cancelled++;
    } catch (error) {
      console.error(`[${deps.requestId}] could not cancel session ${session.slotId} of a deleted account`, error);
    }
  }
  return cancelled;
}

/** Her subscriptions (a mentee's own, a mentor's subscribers') stop renewing; what was paid for runs to its end. */
async function endRenewals(deps: ServiceDeps, person: Member) {
  const renewing = await deps.db
    .select({ id: enrollments.id, menteeId: enrollments.menteeId })
    .from(enrollments)
    .where(
      and(
        person.role === "mentee" ? eq(enrollments.menteeId, person.id) : eq(enrollments.mentorId, person.id),
        grantsAccess(deps.now),
        eq(enrollments.cancelAtPeriodEnd, false),
        isNotNull(enrollments.stripeSubscriptionId),
      ),
    );
  if (renewing.length === 0) return;
  const payments = paymentsFor(deps);
  for (const e of renewing) {
    try {
      await setCancelAtPeriodEnd(deps, payments, { menteeId: e.menteeId, enrollmentId: e.id, cancel: true });
    } catch (error) {
      console.error(`[${deps.requestId}] could not end subscription ${e.id} of a deleted account`, error);
    }
  }
}

/** Signing in within the grace period restores the account: true when it did (the sign-in then says so). */
export async function restoreOnSignIn(db: Db, person: { role: string; id: string }, now: Date): Promise<boolean> {
  if (person.role === "moderator") return false;
  const restored = await db
    .update(accountDeletions)
    .set({ state: "restored", restoredAt: now })
    .where(
      and(
        eq(accountDeletions.userRole, person.role as Member["role"]),
        eq(accountDeletions.userId, person.id),
        open,
        gt(accountDeletions.eraseAfter, now),
      ),
    )
    .returning({ id: accountDeletions.id });
  return restored.length > 0;
}

/** The deletions whose grace period has passed and that no moderator holds, oldest first (the erasure's work). */
export function dueDeletions(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.state, "pending"), lt(accountDeletions.eraseAfter, now)))
    .orderBy(asc(accountDeletions.eraseAfter))
    .limit(limit);
}

/** Moderators' list: deletions in progress, with whether a complaint is open against the person. */
export async function deletionsInProgress(db: Db) {
  return db
    .select({
      id: accountDeletions.id,
      role: accountDeletions.userRole,
      userId: accountDeletions.userId,
      state: accountDeletions.state,
      requestedAt: accountDeletions.requestedAt,
      eraseAfter: accountDeletions.eraseAfter,
      pausedAt: accountDeletions.pausedAt,
      openComplaints: sql<number>`(select count(*) from tickets t where t.accused_role = ${accountDeletions.userRole} and t.accused_id = ${accountDeletions.userId} and t.status = 'open')`,
      name: sql<string>`coalesce((select m.first_name || ' ' || m.last_name from mentees m where ${accountDeletions.userRole} = 'mentee' and m.id = ${accountDeletions.userId}), (select m.first_name || ' ' || m.last_name from mentors m where ${accountDeletions.userRole} = 'mentor' and m.id = ${accountDeletions.userId}))`,
    })
    .from(accountDeletions)
    .where(open)
    .orderBy(asc(accountDeletions.eraseAfter));
}
