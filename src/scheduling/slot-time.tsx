import { useLingui } from "@lingui/react/macro";
import { slotTimeLabels } from "@/platform/zoned";

/** A start time in the viewer's zone, with the other party's local time when their zone differs (both zones named). */
export function SlotTime({
  start,
  zone,
  otherZone,
  otherLabel,
}: {
  start: string;
  zone: string;
  otherZone?: string | null;
  otherLabel?: string;
}) {
  const { t } = useLingui();
  const { mine, theirs } = slotTimeLabels(start, zone, otherZone);
  return (
    <span className="grid">
      <span className="font-medium text-slate-900">
        <time dateTime={start}>{mine}</time>
      </span>
      {theirs ? (
        <span className="text-sm text-slate-600">
          {otherLabel ?? t`Their time`}: {theirs}
        </span>
      ) : null}
    </span>
  );
}
