import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors, refreshSessions } from "../../db/schema";
import { type MailMessage, mailInsertWhen } from "../mail/mail";

export type PasswordOwner = { role: "mentee" | "mentor"; userId: string };

/**
 * The statements of one password change, each guarded by `condition` so that all or none apply in
 * the caller's batch: the end of the account's sign-ins (every refresh-session family,
 * or all but `keepFamilyOf`'s), the "your password was changed" mail, and the new hash. Revoking the families
 * also refuses their access tokens at once (the sign-in check in services/accounts.ts).
 */
export function passwordChangeStatements(
  db: Db,
  owner: PasswordOwner,
  passwordHash: string,
  condition: SQL,
  mail: MailMessage,
  now: number,
  keepFamilyOf?: string,
) {
  const table = owner.role === "mentee" ? mentees : mentors;
  const keep = keepFamilyOf
    ? ne(refreshSessions.familyId, sql`(select family_id from refresh_sessions where id = ${keepFamilyOf})`)
    : undefined;
  // The password itself is written last: `condition` may read it (change from the profile).
  return [
    db
      .update(refreshSessions)
      .set({ revokedAt: new Date(now) })
      .where(
        and(
          eq(refreshSessions.userRole, owner.role),
          eq(refreshSessions.userId, owner.userId),
          isNull(refreshSessions.revokedAt),
          keep,
          condition,
        ),
      ),
    mailInsertWhen(db, mail, condition, now),
    db
      .update(table)
      .set({ passwordHash })
      .where(and(eq(table.id, owner.userId), condition)),
  ] as const;
}

/** Marks the account's address as proven (a mailed reset code reached its owner), guarded by `condition`. */
export function addressProvenStatement(db: Db, owner: PasswordOwner, condition: SQL, now: number) {
  const table = owner.role === "mentee" ? mentees : mentors;
  return db
    .update(table)
    .set({ emailVerifiedAt: new Date(now) })
    .where(and(eq(table.id, owner.userId), isNull(table.emailVerifiedAt), condition));
}
