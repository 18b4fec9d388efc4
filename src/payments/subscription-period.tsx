import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MenteeSubscription as SubscriptionSummary } from "@/platform/api-types";
import { useMyZone } from "@/platform/use-my-zone";
import { formatDate } from "@/platform/zoned";

const STATUS_TEXT: Record<SubscriptionSummary["status"], MessageDescriptor> = {
  active: msg`Active`,
  ending: msg`Ending`,
  canceled: msg`Canceled`,
  expired: msg`Expired`,
};
const STATUS_CLASS: Record<SubscriptionSummary["status"], string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  ending: "bg-amber-50 text-amber-900 ring-amber-200",
  canceled: "bg-slate-100 text-slate-700 ring-slate-200",
  expired: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionSummary["status"] }) {
  const { i18n } = useLingui();
  return (
    <span className={`inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[status]}`}>
      {i18n._(STATUS_TEXT[status])}
    </span>
  );
}

/** "Renews on", "Ends on" or "Ended on" with the date in the viewer's zone (the account's, as slots are shown). */
export function periodLine(s: Pick<SubscriptionSummary, "status" | "currentPeriodEnd" | "endedAt">, zone: string): string | null {
  if (s.status === "active" && s.currentPeriodEnd) {
    const date = formatDate(s.currentPeriodEnd, zone);
    return t`Renews on ${date}`;
  }
  if (s.status === "ending" && s.currentPeriodEnd) {
    const date = formatDate(s.currentPeriodEnd, zone);
    return t`Ends on ${date}`;
  }
  const ended = s.endedAt && s.currentPeriodEnd && s.endedAt < s.currentPeriodEnd ? s.endedAt : s.currentPeriodEnd;
  if (!ended) return null;
  const date = formatDate(ended, zone);
  return t`Ended on ${date}`;
}

/** The current period, "March 5th 2025 to April 5th 2025", with the zone named. */
export function PeriodRange({ start, end }: { start: string | null; end: string | null }) {
  const zone = useMyZone();
  if (!start || !end) return null;
  const from = formatDate(start, zone);
  const until = formatDate(end, zone);
  return (
    <span>
      <Trans>
        <time dateTime={start}>{from}</time> to <time dateTime={end}>{until}</time>
      </Trans>{" "}
      <span className="text-slate-500">({zone})</span>
    </span>
  );
}
