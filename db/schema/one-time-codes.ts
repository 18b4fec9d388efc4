import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";

/** Password-reset codes sent by e-mail; only a hash of the code is kept. */
export const oneTimeCodes = sqliteTable(
  "one_time_codes",
  {
    id: id(),
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    purpose: text("purpose", { enum: ["password_reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    consumedAt: instant("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_codes_user_idx").on(t.userRole, t.userId, t.purpose)],
);
