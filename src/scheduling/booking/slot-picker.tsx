import { Trans } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { dayKey } from "@/platform/zoned";
import { MonthCalendar, monthOf } from "./month-calendar";
import { TimeList } from "./time-list";
import type { Holds, OpenSlot } from "./types";

type SlotPickerProps = {
  slots: OpenSlot[];
  zone: string;
  holds: Holds;
  selectedId: string | null;
  onPick: (slot: OpenSlot) => void;
  disabled?: boolean;
  /** Calendar above the times (in a dialog), instead of beside them on wide screens. */
  stacked?: boolean;
};

/** Day, then time (like Cal.com): a month calendar whose days with open times are enabled, then that day's times. */
export function SlotPicker({ slots, zone, holds, selectedId, onPick, disabled, stacked = false }: SlotPickerProps) {
  const today = dayKey(new Date(), zone);
  const byDay = useMemo(() => {
    const map = new Map<string, OpenSlot[]>();
    for (const slot of slots) {
      const d = dayKey(slot.start, zone);
      map.set(d, [...(map.get(d) ?? []), slot]);
    }
    return map;
  }, [slots, zone]);
  const openDays = useMemo(() => new Map([...byDay].map(([d, list]) => [d, list.length])), [byDay]);
  const firstDay = [...byDay.keys()].sort()[0];
  const lastDay = [...byDay.keys()].sort().at(-1);
  const selectedSlot = slots.find((s) => s.id === selectedId);
  const [day, setDay] = useState<string | null>(selectedSlot ? dayKey(selectedSlot.start, zone) : null);
  const [month, setMonth] = useState(() => monthOf(day ?? firstDay ?? today));
  const minMonth = monthOf(today);
  const maxMonth = lastDay && monthOf(lastDay) > minMonth ? monthOf(lastDay) : minMonth;

  return (
    <div className={stacked ? "grid gap-4" : "grid gap-6 md:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]"}>
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        minMonth={minMonth}
        maxMonth={maxMonth}
        openDays={openDays}
        selected={day}
        onSelect={setDay}
        today={today}
      />
      <div>
        {day ? (
          <TimeList slots={byDay.get(day) ?? []} zone={zone} holds={holds} selectedId={selectedId} onPick={onPick} disabled={disabled} />
        ) : (
          <p className="text-slate-600">{firstDay ? <Trans>Pick a day to see its open times.</Trans> : <Trans>No open times.</Trans>}</p>
        )}
      </div>
    </div>
  );
}
