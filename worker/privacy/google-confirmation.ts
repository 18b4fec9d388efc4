import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees } from "../../db/schema";
import type { GoogleConfirmError } from "../../shared/google-sign-in";
import { familyOf } from "../accounts/sessions";
import { signPurposeToken, verifyPurposeToken, verifyPurposeTokenIssued } from "../accounts/tokens";
import type { GoogleIdentity } from "../platform/ports/google-provider";

/**
 * "Confirm with Google" (ADR 0042): a fresh Google sign-in stands in for the password when she deletes her account.
 * The card asks for a start ticket (naming her and the sign-in she is using); the Google flow carries it in a cookie to
 * the callback, which checks that Google's answer names the Google account linked to her (its `sub`, from the token
 * exchange, never from the query) and that she entered her Google credentials after the ticket was made. Then the
 * callback gives a proof: valid 5 minutes, for her, for that sign-in only. The deletion ends that sign-in, so a proof
 * serves one deletion: used again, from a later sign-in or by anyone else, it names another sign-in and is refused.
 */

/** The person asking (account-deletion.ts's Member, named here so the two files do not import each other). */
type Member = { role: "mentee" | "mentor"; id: string };

/** The start ticket lives as long as the flow's cookies (10 minutes). */
export const CONFIRM_START_SECONDS = 10 * 60;
/** The proof the deletion request accepts instead of the password. */
export const CONFIRM_PROOF_SECONDS = 5 * 60;
/** Google's clock and ours may differ a little; a sign-in this much before the ticket still counts as after it. */
const CLOCK_SKEW_SECONDS = 60;

const START_PURPOSE = "google-confirm-start";
/** A proof names the sign-in (rotation family) it was made for in its purpose. */
export const proofPurpose = (family: string) => `delete-account-google:${family}`;

export const GOOGLE_PROOF_REFUSED =
  "This Google confirmation has expired, was already used or is for another account. Confirm with Google again.";
export const NO_GOOGLE_LINKED = "Your account is not linked to Google. Delete it with your password.";
export const CONFIRM_WITH_GOOGLE_FIRST = "Your account signs in with Google only. Confirm with Google to delete your account.";

/** The signed-in mentee and the sign-in she uses (its rotation family), as the start ticket carries them. */
type Asker = { userId: string; family: string };

/** The ticket the card opens the Google flow with: only a mentee linked to Google gets one. */
export async function startTicket(db: Db, secret: string, person: Member, sid: string, nowMs: number): Promise<string | null> {
  if (person.role !== "mentee" || !(await linkedGoogleId(db, person.id))) return null;
  // The sign-in is the rotation family: a token refresh during the round trip keeps it.
  const family = await familyOf(db, sid);
  if (!family) return null;
  return signPurposeToken(secret, START_PURPOSE, `${person.id}:${family}`, CONFIRM_START_SECONDS, nowMs);
}

/** Who started the flow, and when (seconds), from a valid ticket; null for anything else. */
export async function openTicket(secret: string, ticket: string): Promise<(Asker & { startedAt: number }) | null> {
  const claims = await verifyPurposeTokenIssued(secret, ticket, START_PURPOSE);
  const [userId, family] = claims?.sub.split(":") ?? [];
  return claims && userId && family ? { userId, family, startedAt: claims.iat } : null;
}

export async function linkedGoogleId(db: Db, menteeId: string): Promise<string | null> {
  const [row] = await db.select({ googleId: mentees.googleId }).from(mentees).where(eq(mentees.id, menteeId));
  return row?.googleId ?? null;
}

/**
 * The callback's answer to a confirmation: a proof when Google names her linked account and the sign-in was made
 * after she asked; else why not, in one of the card's fixed codes.
 */
export async function confirmWithGoogle(
  db: Db,
  secret: string,
  asker: Asker & { startedAt: number },
  identity: GoogleIdentity,
  nowMs: number,
): Promise<{ proof: string } | { error: GoogleConfirmError }> {
  const linked = await linkedGoogleId(db, asker.userId);
  if (!linked || linked !== identity.sub) return { error: "wrong_account" };
  if (identity.authTime === undefined || identity.authTime < asker.startedAt - CLOCK_SKEW_SECONDS) return { error: "not_fresh" };
  return { proof: await signPurposeToken(secret, proofPurpose(asker.family), asker.userId, CONFIRM_PROOF_SECONDS, nowMs) };
}

/** Whether a proof was made for this mentee and the sign-in this request comes from, and is still valid. */
export async function proofIsFor(db: Db, secret: string, proof: string, person: Member, sid: string): Promise<boolean> {
  const family = person.role === "mentee" ? await familyOf(db, sid) : null;
  return family !== null && (await verifyPurposeToken(secret, proof, proofPurpose(family))) === person.id;
}
