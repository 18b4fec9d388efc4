import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";

/**
 * A mailed link that proves its reader owns an address (ADR 0019). The link carries
 * `id.secret`; only the SHA-256 of the secret is kept. `verify_email` marks the account's address as
 * proven; `reapply` also applies a rejected mentor's new application, kept in `payload` (JSON, with
 * the new password already hashed) until the link is opened.
 */
export const emailProofPurposes = ["verify_email", "reapply"] as const;
export type EmailProofPurpose = (typeof emailProofPurposes)[number];

export const emailProofs = sqliteTable(
  "email_proofs",
  {
    id: id(),
    purpose: text("purpose", { enum: emailProofPurposes }).notNull(),
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    /** The address the link was sent to: the proof counts only while the account still has it. */
    email: text("email").notNull(),
    secretHash: text("secret_hash").notNull(),
    payload: text("payload"),
    expiresAt: instant("expires_at").notNull(),
    consumedAt: instant("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_proofs_user_idx").on(t.userRole, t.userId, t.purpose)],
);
