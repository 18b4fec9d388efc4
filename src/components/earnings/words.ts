import dayjs from "dayjs";
import type { EarningStatus, PayoutAccountState, PayoutLine } from "../../../shared/payouts";
import { inZone } from "../../../shared/zoned-time";
import { formatDate } from "@/lib/zoned";

/** A month key "2026-11" as "November 2026". */
export const monthLabel = (month: string) => dayjs(`${month}-01T00:00:00`).format("MMMM YYYY");

export const EARNING_STATUS: Record<EarningStatus, { label: string; tone: string }> = {
  transferred: { label: "Transferred", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  held: { label: "Held", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  refunded: { label: "Refunded", tone: "bg-slate-100 text-slate-800 ring-slate-300" },
  partially_refunded: { label: "Partly refunded", tone: "bg-slate-100 text-slate-800 ring-slate-300" },
  disputed: { label: "Disputed", tone: "bg-red-50 text-red-800 ring-red-200" },
};

export const PAYOUT_STATUS: Record<PayoutLine["status"], { label: string; tone: string }> = {
  pending: { label: "Pending", tone: "bg-amber-50 text-amber-900 ring-amber-200" },
  in_transit: { label: "On its way", tone: "bg-indigo-50 text-indigo-800 ring-indigo-200" },
  paid: { label: "Paid", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Failed", tone: "bg-red-50 text-red-800 ring-red-200" },
  canceled: { label: "Canceled", tone: "bg-slate-100 text-slate-800 ring-slate-300" },
};

export const ACCOUNT_STATE: Record<PayoutAccountState, string> = {
  none: "Not connected",
  incomplete: "Onboarding not finished",
  pending_review: "Stripe is checking your details",
  restricted: "Paused by Stripe",
  ready: "Ready: your share goes straight to your account",
};

/** A payout's arrival is a calendar date (Stripe gives midnight UTC of the day), so it is read in UTC, not moved by the viewer's zone. */
export const arrivalDay = (iso: string) => formatDate(iso, "UTC");

/** "Nov 3 – Dec 3, 2026" in the zone; "–" when the invoice had no period. */
export function periodLabel(start: string | null, end: string | null, zone: string): string {
  if (!start || !end) return "–";
  const from = inZone(start, zone);
  const to = inZone(end, zone);
  return from.year() === to.year() ? `${from.format("MMM D")} – ${to.format("MMM D, YYYY")}` : `${from.format("MMM D, YYYY")} – ${to.format("MMM D, YYYY")}`;
}
