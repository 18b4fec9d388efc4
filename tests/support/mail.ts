import { and, desc, eq, gt, sql } from "drizzle-orm";
import { emailOutbox, oneTimeCodes } from "../../db/schema";
import { testDb } from "./accounts";

/** Messages written to the outbox for `to`, newest first. */
export function mailTo(to: string) {
  return testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt));
}

/** The code in the newest reset mail to `to` (it is in the subject and the text). */
export async function latestResetCode(to: string): Promise<string> {
  const [mail] = (await mailTo(to)).filter((m) => /password reset code/.test(m.subject));
  const code = mail?.body.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${to}`);
  return code;
}

/** Moves an account's codes back in time, as if they had been requested `ms` earlier. */
export async function ageCodes(userId: string, ms: number) {
  await testDb()
    .update(oneTimeCodes)
    .set({ createdAt: sql`${oneTimeCodes.createdAt} - ${ms}`, expiresAt: sql`${oneTimeCodes.expiresAt} - ${ms}` })
    .where(and(eq(oneTimeCodes.userId, userId), gt(oneTimeCodes.createdAt, new Date(0))));
}
