import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant } from "./columns";

export const mentees = sqliteTable(
  "mentees",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Always stored lower-cased and trimmed. */
    email: text("email").notNull(),
    phone: text("phone"),
    /** Null for accounts created through Google sign-in only. */
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    /** When the owner proved the address (a mailed link, or a Google identity with this verified e-mail); null until then (ADR 0019). */
    emailVerifiedAt: instant("email_verified_at"),
    bio: text("bio"),
    profileImageKey: text("profile_image_key"),
    /** The Stripe Customer reused for every checkout of this mentee. */
    stripeCustomerId: text("stripe_customer_id"),
    isBlocked: flag("is_blocked"),
    /** IANA time zone (e.g. Asia/Kolkata); detected from the browser, editable in the profile. Null until first known. */
    timeZone: text("time_zone"),
    /** The language chosen in the switcher ("en" or "hi", shared/locale.ts); null: the browser's, else English (ADR 0027). */
    locale: text("locale"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mentees_email_unique").on(t.email), uniqueIndex("mentees_google_id_unique").on(t.googleId)],
);
