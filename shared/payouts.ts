/**
 * Mentors' payouts (ADR 0024): what the Earnings page, the dashboard and the moderator's
 * home show, and the one fee rule. Amounts are in paise (₹1 = 100 paise); dates are ISO strings.
 */

/**
 * none: no payout account yet. incomplete: onboarding started, details still due. pending_review:
 * everything submitted, Stripe is checking it. restricted: Stripe paused it (requirements past due
 * or disabled). ready: charges and payouts enabled, shares go straight to the mentor.
 */
export type PayoutAccountState = "none" | "incomplete" | "pending_review" | "restricted" | "ready";

export type PayoutAccountView = {
  state: PayoutAccountState;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Stripe's requirement codes due now (e.g. "external_account"). */
  requirementsDue: string[];
  /** What the mentor must do next, in plain words ("Add your bank details to receive payouts"); null when ready. */
  nextStep: string | null;
  /** His share of payments made before the account was ready, waiting to be transferred. */
  heldPaise: number;
};

/** disputed: the mentee's bank holds the money until it decides; dispute_lost: it decided for her, for good. */
export type EarningStatus = "transferred" | "held" | "refunded" | "partially_refunded" | "disputed" | "dispute_lost";

/**
 * A month's totals. They add up left to right: gross - refunded - lost to disputes - fee = net (the
 * fee and his share after what refunds and lost disputes took back of each).
 */
export type EarningsMonth = {
  /** "2026-11" (in the mentor's zone). */
  month: string;
  grossPaise: number;
  feePaise: number;
  netPaise: number;
  refundedPaise: number;
  /** What disputes the mentees' banks won took of these payments (beyond refunds). */
  disputedPaise: number;
  payments: number;
};

/** One paid invoice in the mentor's view: who paid, what, the split, and where his share is. */
export type EarningLine = {
  id: string;
  menteeName: string;
  paidAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  grossPaise: number;
  feePaise: number;
  /** His share after refunds and reversals. */
  netPaise: number;
  refundedPaise: number;
  /** What a dispute the mentee's bank won took beyond refunds; gross - refunded - lost - fee = net. */
  lostPaise: number;
  status: EarningStatus;
  /** new: the first paid month of a subscription (a new enrollment); renewal: a later month of it. */
  kind: "new" | "renewal";
};

export type PayoutLine = {
  id: string;
  amountPaise: number;
  status: "pending" | "in_transit" | "paid" | "failed" | "canceled";
  arrivalDate: string;
  failureMessage: string | null;
};

export type EarningsView = {
  feePercent: number;
  account: PayoutAccountView;
  /** The month asked for (default: this month), with its per-subscriber lines. */
  month: EarningsMonth;
  lines: EarningLine[];
  /** This month and up to 11 before it, newest first (months without payments included as zeros). */
  months: EarningsMonth[];
  /**
   * New enrollments in the last 30 days (his zone's days): first paid months of subscriptions, not
   * refunded in full. The dashboard counts the same payments.
   */
  newEnrollments: number;
  /** In transit or pending, soonest first; then past payouts, newest first (up to 24). */
  upcomingPayouts: PayoutLine[];
  pastPayouts: PayoutLine[];
};

/** The moderator home's fee chart: the platform's fee revenue per day (net of fees given back). */
export type FeeRevenueDay = { date: string; feePaise: number };

/** The platform's fee on a payment: the configured percent of the gross, rounded to the paisa (as Stripe rounds an application_fee_percent). */
export const platformFeePaise = (grossPaise: number, feePercent: number): number => Math.round((grossPaise * feePercent) / 100);

/** The part of `amount` a refund of `refunded` out of `gross` takes back, in proportion (floored, so the sum of parts never exceeds the whole). */
export const proportionOf = (amount: number, refunded: number, gross: number): number =>
  gross <= 0 ? 0 : Math.min(amount, Math.floor((amount * refunded) / gross));
