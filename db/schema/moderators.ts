import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id } from "./columns";

/** Moderators have no sign-up: accounts are created by seed or by an operator. */
export const moderators = sqliteTable(
  "moderators",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Set by an operator by hand (there is no admin screen): a blocked moderator is refused like any blocked account. */
    isBlocked: flag("is_blocked"),
    /** The language chosen in the switcher ("en" or "hi", shared/locale.ts); null: the browser's, else English (ADR 0027). */
    locale: text("locale"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("moderators_email_unique").on(t.email)],
);
