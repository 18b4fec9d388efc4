import { longDate, VIEWER_TIME_ZONE } from "@/lib/dates";
import type { SubscriptionSummary } from "../../worker/services/subscriptions";

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

/** "Renews on", "Ends on" or "Ended on" with the date in the viewer's zone. */
export function periodLine(s: Pick<SubscriptionSummary, "status" | "currentPeriodEnd" | "endedAt">): string | null {
  if (s.status === "active" && s.currentPeriodEnd) return `Renews on ${longDate(s.currentPeriodEnd)}`;
  if (s.status === "ending" && s.currentPeriodEnd) return `Ends on ${longDate(s.currentPeriodEnd)}`;
  const ended = s.endedAt && s.currentPeriodEnd && s.endedAt < s.currentPeriodEnd ? s.endedAt : s.currentPeriodEnd;
  return ended ? `Ended on ${longDate(ended)}` : null;
}

/** The current period, "March 5th 2025 to April 5th 2025", with the zone named. */
export function PeriodRange({ start, end }: { start: string | null; end: string | null }) {
  if (!start || !end) return null;
  return (
    <span>
      <time dateTime={start}>{longDate(start)}</time> to <time dateTime={end}>{longDate(end)}</time>{" "}
      <span className="text-slate-500">({VIEWER_TIME_ZONE})</span>
    </span>
  );
}
