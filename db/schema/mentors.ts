import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant } from "./columns";

/** pending: an application awaiting a moderator. approved: a mentor. rejected: declined; may apply again after a waiting period (ADR 0012). */
export const mentorStatuses = ["pending", "approved", "rejected"] as const;
export type MentorStatus = (typeof mentorStatuses)[number];

export const mentors = sqliteTable(
  "mentors",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    jobTitle: text("job_title").notNull(),
    firmName: text("firm_name").notNull(),
    location: text("location"),
    bio: text("bio").notNull(),
    shortBio: text("short_bio"),
    educationalQualification: text("educational_qualification").notNull(),
    /** Hourly rate in paise (1 rupee = 100 paise). */
    hourlyRatePaise: integer("hourly_rate_paise").notNull(),
    website: text("website"),
    twitterUrl: text("twitter_url"),
    linkedInUrl: text("linkedin_url"),
    profileImageKey: text("profile_image_key"),
    status: text("status", { enum: mentorStatuses }).notNull().default("pending"),
    isBlocked: flag("is_blocked"),
    /** IANA time zone (e.g. Asia/Kolkata); detected from the browser, editable in the profile. Null until first known. */
    timeZone: text("time_zone"),
    /** The language chosen in the switcher ("en" or "hi", shared/locale.ts); null: the browser's, else English (ADR 0027). */
    locale: text("locale"),
    approvedAt: instant("approved_at"),
    /** When the current application was submitted (null for rows seeded before applications were dated: use created_at). */
    appliedAt: instant("applied_at"),
    /** When the owner proved the address with a mailed link; null until then (ADR 0019). */
    emailVerifiedAt: instant("email_verified_at"),
    /** The latest rejection and its reason, shown to the applicant; they may apply again 30 days after `rejectedAt`. */
    rejectedAt: instant("rejected_at"),
    rejectionReason: text("rejection_reason"),
    stripeProductId: text("stripe_product_id"),
    /** The mentor's current recurring Price and its monthly amount (4 x the hourly rate when it was made). */
    stripePriceId: text("stripe_price_id"),
    stripePriceAmountPaise: integer("stripe_price_amount_paise"),
    /** Denormalised from reviews, updated in the same transaction as a review write. */
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** The last time the mentor was seen signed in (updated at most hourly, ADR 0026): "last active" on his profile. */
    lastActiveAt: instant("last_active_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mentors_email_unique").on(t.email),
    index("mentors_status_blocked_idx").on(t.status, t.isBlocked),
    index("mentors_rate_idx").on(t.hourlyRatePaise),
  ],
);
