import { ChevronLeft, ChevronRight } from "lucide-react";
import { dayjs } from "../../worker/services/zoned-time";
import type { SlotView } from "../../worker/services/scheduling";
import { Button } from "./ui/button";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

type WeekCalendarProps = {
  zone: string;
  /** Any day of the week shown (YYYY-MM-DD in `zone`). */
  weekOf: string;
  onWeekChange: (day: string) => void;
  slots: SlotView[];
  now: Date;
  onPickTime: (date: string, time: string) => void;
  onPickSlot: (slot: SlotView) => void;
};

/**
 * A week of one-hour rows in the mentor's zone: an accessible table (day columns, hour rows). An empty
 * future hour is a button that starts a slot there; a slot is a button that opens its details.
 * Our own component: no calendar library is installed (ADR 0013).
 */
export function WeekCalendar({ zone, weekOf, onWeekChange, slots, now, onPickTime, onPickSlot }: WeekCalendarProps) {
  const monday = dayjs.tz(weekOf, zone).startOf("day").subtract((dayjs.tz(weekOf, zone).day() + 6) % 7, "day");
  const days = Array.from({ length: 7 }, (_, i) => monday.add(i, "day"));
  const byCell = new Map<string, SlotView[]>();
  for (const slot of slots) {
    const at = dayjs(slot.start).tz(zone);
    const key = `${at.format("YYYY-MM-DD")} ${at.hour()}`;
    byCell.set(key, [...(byCell.get(key) ?? []), slot]);
  }
  const title = `${days[0].format("MMM D")} – ${days[6].format("MMM D, YYYY")}`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Previous week" onClick={() => onWeekChange(monday.subtract(7, "day").format("YYYY-MM-DD"))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={() => onWeekChange(dayjs(now).tz(zone).format("YYYY-MM-DD"))}>
          This week
        </Button>
        <Button variant="outline" size="icon" aria-label="Next week" onClick={() => onWeekChange(monday.add(7, "day").format("YYYY-MM-DD"))}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <h2 className="font-semibold text-slate-900" aria-live="polite">
          {title}
        </h2>
      </div>
      <div className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[720px] table-fixed border-collapse text-xs">
          <caption className="sr-only">Your slots for the week of {title}, times in {zone}</caption>
          <thead className="sticky top-0 z-10 bg-slate-50">
            <tr>
              <th scope="col" className="w-16 p-2 text-left font-medium text-slate-600">
                Time
              </th>
              {days.map((d) => (
                <th key={d.format("YYYY-MM-DD")} scope="col" className="p-2 text-left font-medium text-slate-700">
                  {d.format("ddd D")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {HOURS.map((h) => (
              <tr key={h} className="border-t border-slate-100">
                <th scope="row" className="p-1 text-left align-top font-normal text-slate-500">
                  {dayjs().hour(h).minute(0).format("h a")}
                </th>
                {days.map((d) => {
                  const date = d.format("YYYY-MM-DD");
                  const cell = byCell.get(`${date} ${h}`) ?? [];
                  const cellStart = dayjs.tz(`${date} ${String(h).padStart(2, "0")}:00`, zone);
                  const future = cellStart.valueOf() > now.getTime();
                  return (
                    <td key={date} className="h-10 border-l border-slate-100 p-0.5 align-top">
                      {cell.length > 0 ? (
                        cell.map((slot) => <SlotChip key={slot.id} slot={slot} zone={zone} onClick={() => onPickSlot(slot)} />)
                      ) : future ? (
                        <button
                          type="button"
                          className="size-full min-h-9 rounded text-transparent hover:bg-indigo-50 hover:text-indigo-700 focus-visible:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                          aria-label={`Add a slot on ${d.format("dddd, MMMM D")} at ${cellStart.format("h:mm a")}`}
                          onClick={() => onPickTime(date, cellStart.format("HH:mm"))}
                        >
                          +
                        </button>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const chipClass = { open: "bg-emerald-100 text-emerald-900 border-emerald-300", booked: "bg-indigo-100 text-indigo-900 border-indigo-300", past: "bg-slate-100 text-slate-600 border-slate-300" };

function SlotChip({ slot, zone, onClick }: { slot: SlotView; zone: string; onClick: () => void }) {
  const time = dayjs(slot.start).tz(zone).format("h:mm a");
  const label = slot.state === "booked" ? `Booked: ${slot.menteeName ?? "mentee"}` : slot.state === "past" ? "Past" : "Open";
  return (
    <button
      type="button"
      onClick={onClick}
      className={`mb-0.5 block w-full truncate rounded border px-1 py-0.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${chipClass[slot.state]}`}
      aria-label={`${time}, ${label}${slot.type === "trial" ? " (intro call)" : ""}. Open details`}
    >
      {time} {label}
    </button>
  );
}
