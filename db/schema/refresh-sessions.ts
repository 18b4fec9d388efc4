import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";

/**
 * A sign-in session. The refresh token is `id.secret`; only the SHA-256 of the secret is kept.
 * Rotation revokes the row and creates its successor in the same family; presenting a revoked
 * token again revokes the whole family (reuse detection).
 */
export const refreshSessions = sqliteTable(
  "refresh_sessions",
  {
    id: id(),
    familyId: text("family_id").notNull(),
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    secretHash: text("secret_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_sessions_user_idx").on(t.userRole, t.userId), index("refresh_sessions_family_idx").on(t.familyId)],
);
