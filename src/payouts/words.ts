import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatDate } from "@/platform/zoned";
import { getDisplayLocale } from "../../shared/display-locale";
import type { EarningStatus, PayoutAccountState, PayoutLine } from "../../shared/payouts";
import { formatIn, formatPattern, wallOf } from "../../shared/zoned-time";

/** A month key "2026-11" as "November 2026". */
export const monthLabel = (month: string) => formatIn(`${month}-01T00:00:00`, "MMMM YYYY", { month: "long", year: "numeric" });

/** A status's words (Lingui's `msg`, shown with `i18n._`) and its pill's colours. */
export type StatusWords = { label: MessageDescriptor; tone: string };

export const EARNING_STATUS: Record<EarningStatus, StatusWords> = {
  transferred: { label: msg`Transferred`, tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  held: { label: msg`Held`, tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  refunded: { label: msg`Refunded`, tone: "bg-slate-100 text-slate-800 ring-slate-300" },
  partially_refunded: { label: msg`Partly refunded`, tone: "bg-slate-100 text-slate-800 ring-slate-300" },
  disputed: { label: msg`Disputed`, tone: "bg-red-50 text-red-800 ring-red-200" },
  dispute_lost: { label: msg`Dispute lost`, tone: "bg-slate-100 text-slate-800 ring-slate-300" },
};

export const PAYOUT_STATUS: Record<PayoutLine["status"], StatusWords> = {
  pending: { label: msg`Pending`, tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  in_transit: { label: msg`On its way`, tone: "bg-indigo-50 text-indigo-800 ring-indigo-200" },
  paid: { label: msg`Paid`, tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: msg`Failed`, tone: "bg-red-50 text-red-800 ring-red-200" },
  canceled: { label: msg`Canceled`, tone: "bg-slate-100 text-slate-800 ring-slate-300" },
};

export const ACCOUNT_STATE: Record<PayoutAccountState, MessageDescriptor> = {
  none: msg`Not connected`,
  incomplete: msg`Onboarding not finished`,
  pending_review: msg`Stripe is checking your details`,
  restricted: msg`Paused by Stripe`,
  ready: msg`Ready: your share goes straight to your account`,
};

/** A payout's arrival is a calendar date (Stripe gives midnight UTC of the day), so it is read in UTC, not moved by the viewer's zone. */
export const arrivalDay = (iso: string) => formatDate(iso, "UTC");

/** "Nov 3 – Dec 3, 2026" in the zone; "–" when the invoice had no period. */
export function periodLabel(start: string | null, end: string | null, zone: string): string {
  if (!start || !end) return "–";
  const locale = getDisplayLocale();
  if (locale !== "en") {
    // Another language writes the range its own way (Intl's formatRange), in the zone.
    return new Intl.DateTimeFormat(`${locale}-IN`, { month: "short", day: "numeric", year: "numeric", timeZone: zone }).formatRange(
      new Date(start),
      new Date(end),
    );
  }
  const sameYear = wallOf(new Date(start), zone).year === wallOf(new Date(end), zone).year;
  return `${formatPattern(start, sameYear ? "MMM D" : "MMM D, YYYY", zone)} – ${formatPattern(end, "MMM D, YYYY", zone)}`;
}
