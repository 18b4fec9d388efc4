import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mentees } from "../../../db/schema";
import { BLOCKED_MESSAGE, type Account } from "../accounts";
import type { GoogleIdentity } from "./provider";

export const UNVERIFIED_GOOGLE_EMAIL = "Your Google account's e-mail address is not verified. Verify it with Google, or sign in with your e-mail and password.";

export type GoogleSignInResult = { ok: true; account: Account } | { ok: false; message: string };

/**
 * The mentee for a Google identity: the one already linked to it, else the one with its verified
 * e-mail (linked now), else a new account with Google's names and picture and no password (she can
 * set one through reset). Blocked accounts and unverified e-mails are refused.
 */
export async function menteeForGoogle(db: Db, identity: GoogleIdentity): Promise<GoogleSignInResult> {
  if (!identity.emailVerified) return { ok: false, message: UNVERIFIED_GOOGLE_EMAIL };
  const find = () => db.query.mentees.findFirst({ where: or(eq(mentees.googleId, identity.sub), eq(mentees.email, identity.email)) });
  let row = await find();
  if (!row) {
    const local = identity.email.split("@")[0].slice(0, 50);
    await db
      .insert(mentees)
      .values({
        firstName: identity.givenName || local,
        lastName: identity.familyName || "",
        email: identity.email,
        googleId: identity.sub,
        passwordHash: null,
        profileImageKey: identity.picture,
      })
      .onConflictDoNothing();
    row = await find();
    if (!row) throw new Error("Google sign-in: the mentee row is missing after insert");
  } else if (!row.googleId) {
    // Link the Google identity to the existing account (only while none is linked).
    await db.update(mentees).set({ googleId: identity.sub }).where(and(eq(mentees.id, row.id), isNull(mentees.googleId)));
  }
  if (row.isBlocked) return { ok: false, message: BLOCKED_MESSAGE };
  return { ok: true, account: { ...row, status: "approved" } };
}
