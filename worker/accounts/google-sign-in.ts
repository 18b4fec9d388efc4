import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, refreshSessions } from "../../db/schema";
import type { Locale } from "../../shared/locale";
import { rotateCalendarFeedStatement } from "../calendars/calendar-feed";
import { welcomeMail } from "../mail/account-mails";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { googleTakeoverMail } from "../mail/templates";
import type { WaitUntil } from "../platform/deps";
import type { Env } from "../platform/env";
import { mailLocale } from "../platform/i18n";
import type { GoogleIdentity } from "../platform/ports/google-provider";
import { disconnectSignIns } from "../realtime/push";
import type { Account } from "./accounts";

/** Why a Google sign-in was refused: the popup page shows the fixed text of its code (never text from a link). */
export type GoogleRefusal = "unverified" | "blocked";

export type GoogleSignInResult =
  | { ok: true; account: Account; tookOver: boolean }
  | { ok: false; reason: GoogleRefusal /** The blocked account (its notice says why). */; userId?: string };

export type GoogleSignInDeps = {
  db: Db;
  env: Env;
  waitUntil: WaitUntil;
  now: number;
  /** The language of the request (switcher cookie, else Accept-Language): a new account keeps it, and her welcome speaks it (ADR 0027). */
  locale?: Locale;
};

/**
 * The mentee for a Google identity whose e-mail Google verified (ADR 0019):
 * - the one already linked to it, or a new account with Google's names and picture and no password;
 * - an account with that e-mail whose address was proven (a mailed link or code): linked;
 * - an account with that e-mail whose address was never proven: the verified identity wins. Whoever
 *   registered it may not own the address, so its password stops working, every sign-in ends, its
 *   open tabs close, and the owner is told by mail; then she is signed in with Google.
 * Blocked accounts and unverified Google e-mails are refused before anything changes.
 */
export async function menteeForGoogle(deps: GoogleSignInDeps, identity: GoogleIdentity): Promise<GoogleSignInResult> {
  const { db, now } = deps;
  if (!identity.emailVerified) return { ok: false, reason: "unverified" };
  const find = () => db.query.mentees.findFirst({ where: or(eq(mentees.googleId, identity.sub), eq(mentees.email, identity.email)) });
  let row = await find();
  if (row?.isBlocked) return { ok: false, reason: "blocked", userId: row.id };
  let tookOver = false;
  if (!row) {
    const local = identity.email.split("@")[0].slice(0, 50);
    const firstName = identity.givenName || local;
    const insert = db
      .insert(mentees)
      .values({
        firstName,
        lastName: identity.familyName || "",
        email: identity.email,
        googleId: identity.sub,
        emailVerifiedAt: new Date(now),
        passwordHash: null,
        profileImageKey: identity.picture,
        locale: deps.locale,
      })
      .onConflictDoNothing();
    // A new account is welcomed, in the same batch (an insert that lost a race writes no mail).
    await db.batch([
      insert,
      mailInsertWhen(db, welcomeMail(identity.email, firstName, "google", mailLocale(deps.locale)), sql`changes() = 1`, now),
    ]);
    deliverMailSoon(deps.env, deps.waitUntil);
  } else if (row.googleId === identity.sub || row.emailVerifiedAt) {
    // Link the identity to an account whose address was proven (only while none is linked).
    if (!row.googleId)
      await db
        .update(mentees)
        .set({ googleId: identity.sub })
        .where(and(eq(mentees.id, row.id), isNull(mentees.googleId)));
  } else {
    tookOver = await takeOver(deps, row.id, identity, mailLocale(row.locale));
  }
  row = await find();
  if (!row) throw new Error("Google sign-in: the mentee row is missing after insert");
  if (row.isBlocked) return { ok: false, reason: "blocked", userId: row.id };
  return { ok: true, account: { ...row, status: "approved" }, tookOver };
}

/**
 * One batch, guarded by "the address is still unproven": the password goes, the identity is linked
 * and the address proven, every sign-in of the account ends, and the owner's mail is written.
 */
async function takeOver(deps: GoogleSignInDeps, menteeId: string, identity: GoogleIdentity, locale: Locale): Promise<boolean> {
  const { db, now } = deps;
  const unproven = sql`exists (select 1 from mentees where id = ${menteeId} and email = ${identity.email} and email_verified_at is null)`;
  const [ended, , , taken] = await db.batch([
    db
      .update(refreshSessions)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(refreshSessions.userRole, "mentee"), eq(refreshSessions.userId, menteeId), isNull(refreshSessions.revokedAt), unproven))
      .returning({ id: refreshSessions.id }),
    mailInsertWhen(db, googleTakeoverMail(identity.email, locale), unproven, now),
    // The old feed URL ends with the sign-ins (ADR 0005).
    rotateCalendarFeedStatement(db, { role: "mentee", id: menteeId }, new Date(now), unproven),
    // Last: the statements above read "still unproven".
    db
      .update(mentees)
      .set({ passwordHash: null, googleId: identity.sub, emailVerifiedAt: new Date(now) })
      .where(and(eq(mentees.id, menteeId), eq(mentees.email, identity.email), isNull(mentees.emailVerifiedAt)))
      .returning({ id: mentees.id }),
  ]);
  if (taken.length === 0) return false;
  if (ended.length > 0) disconnectSignIns(deps, { role: "mentee", id: menteeId }, {}, "signed-out", new Date(now));
  deliverMailSoon(deps.env, deps.waitUntil);
  return true;
}
