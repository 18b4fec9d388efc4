/**
 * What the Google popup page may be told went wrong: a code from this fixed list, which
 * the page turns into its own text (src/accounts/google-sign-in.ts). A link cannot make the page show
 * text of its choosing.
 */
export const GOOGLE_ERRORS = ["not_configured", "expired", "cancelled", "failed", "unverified", "blocked"] as const;
export type GoogleError = (typeof GOOGLE_ERRORS)[number];
