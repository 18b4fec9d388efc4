import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, instant } from "./columns";
import { enrollments } from "./enrollments";
import { mentees } from "./mentees";
import { mentors } from "./mentors";

/**
 * A mentor's Stripe Connect Express account (ADR 0024). Its state is read from Stripe
 * (on return from onboarding and on every `account.updated`), never taken from a return URL.
 */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    mentorId: text("mentor_id")
      .primaryKey()
      .references(() => mentors.id),
    stripeAccountId: text("stripe_account_id").notNull(),
    chargesEnabled: flag("charges_enabled"),
    payoutsEnabled: flag("payouts_enabled"),
    detailsSubmitted: flag("details_submitted"),
    /** JSON array of Stripe requirement codes due now (`currently_due` and `past_due`), e.g. ["external_account"]. */
    requirementsDue: text("requirements_due").notNull().default("[]"),
    /** Stripe's `requirements.disabled_reason`, when Stripe has paused the account. */
    disabledReason: text("disabled_reason"),
    /** When this row last took Stripe's state. */
    syncedAt: instant("synced_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payout_accounts_stripe_unique").on(t.stripeAccountId)],
);

/** destination: Stripe moved the mentor's share with the charge. held: the platform holds it until it transfers it (ADR 0024). */
export const earningRoutes = ["destination", "held"] as const;
export type EarningRoute = (typeof earningRoutes)[number];

/**
 * The ledger: one row per paid invoice, written in the same batch as the webhook event's record
 * (so a redelivery writes none), with the split of that payment. Amounts in the invoice's minor unit (paise).
 */
export const earnings = sqliteTable(
  "earnings",
  {
    id: id(),
    invoiceId: text("invoice_id").notNull(),
    enrollmentId: text("enrollment_id")
      .notNull()
      .references(() => enrollments.id),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    menteeId: text("mentee_id")
      .notNull()
      .references(() => mentees.id),
    currency: text("currency").notNull().default("inr"),
    grossPaise: integer("gross_paise").notNull(),
    /** The platform's fee on this payment (application fee, or the configured share of a held payment). */
    feePaise: integer("fee_paise").notNull(),
    /** gross - fee: the mentor's share when paid. */
    netPaise: integer("net_paise").notNull(),
    route: text("route", { enum: earningRoutes }).notNull(),
    /** The PaymentIntent that paid the invoice (refunds and disputes find the row by it). */
    paymentIntentId: text("payment_intent_id"),
    /** Destination: Stripe's transfer of the charge, when known. Held: our transfer once made. */
    transferId: text("transfer_id"),
    transferredAt: instant("transferred_at"),
    transferAttempts: integer("transfer_attempts").notNull().default(0),
    /**
     * When a run of the cron (a transfer) or a moderator (a refund) took the row to move its money;
     * any other leaves it alone until the lease ends, so one movement of a payment runs at a time.
     */
    transferClaimedAt: instant("transfer_claimed_at"),
    lastTransferError: text("last_transfer_error"),
    /** Refunded to the mentee so far (of gross), the mentor's share taken back, and the fee given back; only ever grow. */
    refundedPaise: integer("refunded_paise").notNull().default(0),
    reversedPaise: integer("reversed_paise").notNull().default(0),
    feeRefundedPaise: integer("fee_refunded_paise").notNull().default(0),
    /** A dispute on the payment: its id and Stripe's status (needs_response, won, lost, ...). */
    disputeId: text("dispute_id"),
    disputeStatus: text("dispute_status"),
    periodStart: instant("period_start"),
    periodEnd: instant("period_end"),
    paidAt: instant("paid_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("earnings_invoice_unique").on(t.invoiceId),
    index("earnings_mentor_paid_idx").on(t.mentorId, t.paidAt),
    index("earnings_paid_idx").on(t.paidAt),
    /** A mentee's payments (the moderator's "Payments of <name>"). */
    index("earnings_mentee_paid_idx").on(t.menteeId, t.paidAt),
    index("earnings_payment_intent_idx").on(t.paymentIntentId),
    /** The cron's work list: held shares not transferred yet. */
    index("earnings_held_idx").on(t.mentorId).where(sql`route = 'held' and transfer_id is null`),
  ],
);

/** Who asked for a refund (see `refunds.requestedBy`). */
export const refundRequesters = ["moderator", "account_deletion"] as const;

/**
 * Each refund of a paid invoice, as the ledger took it (ADR 0024): written in the same batch as the
 * earnings row's growth of `refunded_paise`, by whichever writer (the moderator's refund or Stripe's
 * `charge.refunded`) moved the total first. The mentee's payments list and receipt show them.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    earningId: text("earning_id")
      .notNull()
      .references(() => earnings.id),
    /** What this refund gave back (the growth of the payment's refunded total). */
    amountPaise: integer("amount_paise").notNull(),
    /** The payment's refunded total after it: one row per total, so two writers of one refund write one. */
    refundedTotalPaise: integer("refunded_total_paise").notNull(),
    refundedAt: instant("refunded_at").notNull(),
    /**
     * Who asked for it: a moderator (his audit entry names him) or her own account deletion ("End it now", ADR 0042,
     * naming the deletion). Null for a refund made in Stripe's dashboard, and for rows written before this was kept.
     */
    requestedBy: text("requested_by", { enum: refundRequesters }),
    accountDeletionId: text("account_deletion_id"),
  },
  (t) => [uniqueIndex("refunds_total_unique").on(t.earningId, t.refundedTotalPaise)],
);

export const payoutStatuses = ["pending", "in_transit", "paid", "failed", "canceled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Payouts from a mentor's Stripe balance to his bank, mirrored from Connect events (each reread from Stripe). */
export const payouts = sqliteTable(
  "payouts",
  {
    /** Stripe's payout id (po_...). */
    id: text("id").primaryKey(),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id),
    stripeAccountId: text("stripe_account_id").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("inr"),
    status: text("status", { enum: payoutStatuses }).notNull(),
    /** When the money is expected in (or reached) the bank. */
    arrivalDate: instant("arrival_date").notNull(),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at"),
  },
  (t) => [index("payouts_mentor_arrival_idx").on(t.mentorId, t.arrivalDate)],
);
