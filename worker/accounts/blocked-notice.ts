import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { moderationActions } from "../../db/schema";
import { loadAccountState } from "./accounts";
import { signPurposeToken, verifyPurposeToken } from "./tokens";

/**
 * What a blocked person reads when she tries to sign in: why, in the moderator's words
 * from the audit log, and how to appeal. The address is support@ at the domain the product's mail
 * comes from (MAIL_FROM), so it is a real mailbox wherever mail is.
 */

/** "support@mentorlink.example" from MAIL_FROM "MentorLink <no-reply@mentorlink.example>". */
export function supportAddress(mailFrom: string): string {
  const domain = /@([^@\s<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? "mentorlink.local";
  return `support@${domain}`;
}

/** The reason of the latest block of this account (a moderator's block or a ticket's), or null. */
export async function latestBlockReason(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: moderationActions.reason })
    .from(moderationActions)
    .where(and(eq(moderationActions.targetId, userId), inArray(moderationActions.action, ["block", "resolve_ticket_block"])))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  return row?.reason?.trim() || null;
}

/** "Your account is blocked: <reason>. To appeal, write to support@… from this account's e-mail address." */
export async function blockedSignInMessage(db: Db, userId: string, mailFrom: string): Promise<string> {
  const reason = await latestBlockReason(db, userId);
  const why = reason ? `Your account is blocked: ${reason.replace(/[.!\s]+$/, "")}.` : "Your account has been blocked by a moderator.";
  return `${why} To appeal, write to ${supportAddress(mailFrom)} from this account's e-mail address.`;
}

/**
 * Google sign-in ends on a page whose address anyone can type, so the refusal cannot carry the text
 * itself (a crafted link would put any words on our page). It carries a signed notice naming the
 * account instead, good for 10 minutes; the page trades it for this account's message.
 */
const NOTICE_PURPOSE = "blocked-notice";
const NOTICE_TTL_SECONDS = 10 * 60;

export const blockedNoticeToken = (secret: string, userId: string, now: number) =>
  signPurposeToken(secret, NOTICE_PURPOSE, userId, NOTICE_TTL_SECONDS, now);

/** The blocked mentee's message for a valid notice; null for anything else (expired, forged, or no longer blocked). */
export async function blockedNoticeMessage(db: Db, secret: string, mailFrom: string, notice: string): Promise<string | null> {
  const userId = await verifyPurposeToken(secret, notice, NOTICE_PURPOSE);
  if (!userId || !(await loadAccountState(db, "mentee", userId))?.isBlocked) return null;
  return blockedSignInMessage(db, userId, mailFrom);
}
