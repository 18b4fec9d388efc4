import { and, desc, eq, gt, sql } from "drizzle-orm";
import { emailOutbox, oneTimeCodes } from "../../db/schema";
import type { DevMail } from "../../worker/dev/mailbox-store";
import { testDb } from "./accounts";
import { doublesUrl } from "./api";

/**
 * Messages written to the outbox for `to`, newest first. A sensitive one (a reset code, a link)
 * keeps its subject but loses its text once delivered: read its secret with `deliveredMail`.
 */
export function mailTo(to: string) {
  return testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt));
}

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** What the development mailbox received for `to`, newest first (its own copy, which keeps the secrets). */
async function devMailTo(to: string): Promise<Json<DevMail>[]> {
  const response = await fetch(`${doublesUrl()}/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`/dev/mailbox answered ${response.status}`);
  return response.json();
}

/** How long a written message may take to reach the mailbox: delivery is quick, but a busy machine may hold it for seconds. */
const DELIVERY_PATIENCE_MS = 20_000;

/**
 * The newest delivered message to `to` whose subject matches (a pattern, or a string exactly), as
 * the development mailbox shows it.
 * Delivery runs after the response, so it waits until every such message the outbox holds has
 * arrived: an earlier code is never mistaken for the newest. It returns as soon as they have.
 */
export async function deliveredMail(to: string, subject: RegExp | string): Promise<Json<DevMail>> {
  const matches = (m: { subject: string }) => (typeof subject === "string" ? m.subject === subject : subject.test(m.subject));
  const written = (await mailTo(to)).filter(matches).length;
  for (let attempt = 0; written > 0 && attempt < DELIVERY_PATIENCE_MS / 50; attempt++) {
    const delivered = (await devMailTo(to)).filter(matches);
    if (delivered.length >= written) return delivered[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no delivered mail to ${to} matching ${subject} (${written} written)`);
}

/** Like `deliveredMail`, for a mail the background work writes later (a data archive's link): waits for it to be written first. */
export async function eventuallyDeliveredMail(to: string, subject: RegExp): Promise<Json<DevMail>> {
  for (let attempt = 0; attempt < DELIVERY_PATIENCE_MS / 100; attempt++) {
    if ((await mailTo(to)).some((m) => subject.test(m.subject))) return deliveredMail(to, subject);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject} was written`);
}

/** The code in the newest reset mail to `to`. */
export async function latestResetCode(to: string): Promise<string> {
  const mail = await deliveredMail(to, /password reset code/);
  const code = mail.text.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no reset code in the mail to ${to}`);
  return code;
}

/** Moves an account's codes back in time, as if they had been requested `ms` earlier. */
export async function ageCodes(userId: string, ms: number) {
  await testDb()
    .update(oneTimeCodes)
    .set({ createdAt: sql`${oneTimeCodes.createdAt} - ${ms}`, expiresAt: sql`${oneTimeCodes.expiresAt} - ${ms}` })
    .where(and(eq(oneTimeCodes.userId, userId), gt(oneTimeCodes.createdAt, new Date(0))));
}

/** The `id.secret` token of the newest mailed link with this subject to `to` (e-mail verification, re-application). */
export async function mailedLinkToken(to: string, subject: string): Promise<string> {
  // From the development mailbox: the outbox forgets the link once it is delivered.
  const token = (await deliveredMail(to, subject)).text.match(/#token=([\w-]+\.[\w-]+)/)?.[1];
  if (!token) throw new Error(`no "${subject}" link mailed to ${to}`);
  return token;
}
