import { useMyZone } from "@/lib/use-my-zone";
import { formatDate } from "@/lib/zoned";
import type { MenteeSubscription as SubscriptionSummary } from "@/lib/api-types";

const STATUS_TEXT: Record<SubscriptionSummary["status"], string> = { active: "Active", ending: "Ending", canceled: "Canceled", expired: "Expired" };
const STATUS_CLASS: Record<SubscriptionSummary["status"], string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  ending: "bg-amber-50 text-amber-900 ring-amber-200",
  canceled: "bg-slate-100 text-slate-700 ring-slate-200",
  expired: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionSummary["status"] }) {
  return <span className={`inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[status]}`}>{STATUS_TEXT[status]}</span>;
}

/** "Renews on", "Ends on" or "Ended on" with the date in the viewer's zone (the account's, as slots are shown). */
export function periodLine(s: Pick<SubscriptionSummary, "status" | "currentPeriodEnd" | "endedAt">, zone: string): string | null {
  if (s.status === "active" && s.currentPeriodEnd) return `Renews on ${formatDate(s.currentPeriodEnd, zone)}`;
  if (s.status === "ending" && s.currentPeriodEnd) return `Ends on ${formatDate(s.currentPeriodEnd, zone)}`;
  const ended = s.endedAt && s.currentPeriodEnd && s.endedAt < s.currentPeriodEnd ? s.endedAt : s.currentPeriodEnd;
  return ended ? `Ended on ${formatDate(ended, zone)}` : null;
}

/** The current period, "March 5th 2025 to April 5th 2025", with the zone named. */
export function PeriodRange({ start, end }: { start: string | null; end: string | null }) {
  const zone = useMyZone();
  if (!start || !end) return null;
  return (
    <span>
      <time dateTime={start}>{formatDate(start, zone)}</time> to <time dateTime={end}>{formatDate(end, zone)}</time>{" "}
      <span className="text-slate-500">({zone})</span>
    </span>
  );
}
