/**
 * What the Google popup page may be told went wrong: a code from this fixed list, which
 * the page turns into its own text (src/accounts/google-sign-in.ts). A link cannot make the page show
 * text of its choosing.
 */
export const GOOGLE_ERRORS = ["not_configured", "expired", "cancelled", "failed", "unverified", "blocked"] as const;
export type GoogleError = (typeof GOOGLE_ERRORS)[number];

/**
 * Why "Confirm with Google" (deleting an account, ADR 0042) gave no proof: the card shows its own text for each.
 * `wrong_account`: Google named another account than the one linked to hers; `not_fresh`: Google reused an older sign-in.
 */
export const GOOGLE_CONFIRM_ERRORS = ["not_configured", "expired", "cancelled", "failed", "wrong_account", "not_fresh"] as const;
export type GoogleConfirmError = (typeof GOOGLE_CONFIRM_ERRORS)[number];
