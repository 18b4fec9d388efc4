import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate, formatTime, zoneLabel } from "@/platform/zoned";
import { cn } from "@/ui/class-names";
import type { Holds, OpenSlot } from "./types";

type TimeListProps = {
  /** The chosen day's open slots, soonest first. */
  slots: OpenSlot[];
  zone: string;
  holds: Holds;
  selectedId: string | null;
  onPick: (slot: OpenSlot) => void;
  /** Shown but not choosable (no calls left, not subscribed). */
  disabled?: boolean;
};

/** A day's open times in her zone (the mentor's own time in small print when his zone differs); one button each. */
export function TimeList({ slots, zone, holds, selectedId, onPick, disabled = false }: TimeListProps) {
  const { t } = useLingui();
  if (slots.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>No open times on this day.</Trans>
      </p>
    );
  const mentorZone = slots[0].mentorTimeZone;
  const date = formatDate(slots[0].start, zone);
  const mentorZoneName = zoneLabel(mentorZone, slots[0].start);
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold text-slate-900">{date}</h3>
      {mentorZone !== zone ? (
        <p className="text-xs text-slate-600">
          <Trans>Small print: the mentor's time, {mentorZoneName}.</Trans>
        </p>
      ) : null}
      <ul className="grid gap-2" aria-label={t`Open times on ${date}`}>
        {slots.map((slot) => {
          const held = holds.has(slot.id);
          const until = holds.get(slot.id);
          const chosen = slot.id === selectedId;
          const slotDate = formatDate(slot.start, zone);
          const time = formatTime(slot.start, zone);
          const mentorTime = formatTime(slot.start, mentorZone);
          const untilTime = until ? formatTime(until, zone) : "";
          return (
            <li key={slot.id}>
              <button
                type="button"
                aria-pressed={chosen}
                disabled={disabled}
                aria-label={held ? t`Choose ${slotDate} ${time}, held for you` : t`Choose ${slotDate} ${time}`}
                onClick={() => onPick(slot)}
                className={cn(
                  "grid w-full gap-0.5 rounded-md border px-4 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-60",
                  chosen
                    ? "border-indigo-600 bg-indigo-600 text-white"
                    : held
                      ? "border-amber-400 bg-amber-50 hover:border-amber-500"
                      : "border-indigo-200 bg-white hover:border-indigo-500",
                )}
              >
                <span className="font-semibold">{time}</span>
                {mentorZone !== zone ? (
                  <span className={cn("text-xs", chosen ? "text-indigo-100" : "text-slate-600")}>
                    <Trans>Mentor: {mentorTime}</Trans>
                  </span>
                ) : null}
                {slot.title ? <span className={cn("text-xs", chosen ? "text-indigo-100" : "text-slate-700")}>{slot.title}</span> : null}
                {held ? (
                  <span className={cn("text-xs font-medium", chosen ? "text-white" : "text-amber-800")}>
                    {until ? t`Held for you until ${untilTime}` : t`Held for you`}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
