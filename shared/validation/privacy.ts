import * as v from "valibot";

/** The mailed "your data is ready" link's `export=id.secret`, as the download page reads it from the fragment. */
export const claimExportSchema = v.object({
  link: v.pipe(
    v.string("The link is missing its code"),
    v.regex(/^[\w-]{36}\.[\w-]{20,100}$/, "This download link is not valid. Open the link from the e-mail again."),
  ),
});

/** A moderator has a copy prepared for the person who filed this ticket. */
export const exportForTicketSchema = v.object({
  ticketId: v.pipe(v.string("ticketId is required"), v.uuid("ticketId must be an id")),
});

/** "Delete my account": her password proves it is her; a mentor may have his sessions of the next 7 days cancelled for him. */
export const deleteAccountSchema = v.object({
  /** Her password, or (a mentee linked to Google) the proof of a fresh Google sign-in: one of the two (ADR 0042). */
  password: v.optional(
    v.pipe(
      v.string("Enter your password to delete your account"),
      v.nonEmpty("Enter your password to delete your account"),
      v.maxLength(200, "That password is not right. Enter the password you sign in with to delete your account."),
    ),
  ),
  googleProof: v.optional(
    v.pipe(
      v.string("Confirm with Google again."),
      v.nonEmpty("Confirm with Google again."),
      v.maxLength(2000, "This Google confirmation has expired, was already used or is for another account. Confirm with Google again."),
    ),
  ),
  cancelSoonSessions: v.optional(v.boolean("cancelSoonSessions must be true or false"), false),
  /** A mentee's running subscriptions: cancelled now with the unused calls refunded, instead of running to the period's end (ADR 0042). */
  endSubscriptionsNow: v.optional(v.boolean("endSubscriptionsNow must be true or false"), false),
});

/** A moderator holds or releases a deletion in progress; the reason goes to the audit log. */
export const deletionHoldSchema = v.object({
  deletionId: v.pipe(v.string("deletionId is required"), v.uuid("deletionId must be an id")),
  hold: v.boolean("hold must be true or false"),
  reason: v.pipe(
    v.string("A reason is required"),
    v.trim(),
    v.nonEmpty("A reason is required"),
    v.maxLength(500, "Keep the reason under 500 characters"),
  ),
});
