/** The subscription plan (SPEC §9): 4 one-hour calls a month at the mentor's hourly rate. */
export const CALLS_PER_MONTH = 4;

/** The monthly price of a mentor's plan in paise: 4 x the hourly rate. */
export function monthlyPricePaise(hourlyRatePaise: number): number {
  return CALLS_PER_MONTH * hourlyRatePaise;
}

/**
 * A renewing subscription keeps access this long after its period end while Stripe collects the
 * renewal (the invoice is paid up to about an hour after the period starts). A subscription set to
 * end, or whose renewal payment failed, ends exactly at its period end.
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** An open checkout is reused for this long; Stripe expires the session then (its minimum is 30 minutes). */
export const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
