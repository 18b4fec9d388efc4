import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant } from "./columns";

/** Failed sign-ins per role and e-mail in the current window, for rate limiting. */
export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: instant("window_start").notNull(),
});
