// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the month is ARIA's date grid, a table with role="grid" and its cells role="gridcell" (WAI-ARIA APG's date picker)
// biome-ignore-all lint/a11y/useFocusableInteractive: a day's focus is its button's, one tab stop that the arrow keys move (roving tabindex), not the cell's

import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useLingui as useLinguiMacro } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/ui/class-names";
import { getDisplayLocale } from "../../../shared/display-locale";
import { DEFAULT_LOCALE } from "../../../shared/locale";
import { addDays, addMonths, daysInMonth, formatPattern, utcMidnight, weekdayOf } from "../../../shared/zoned-time";

export const monthOf = (dayKey: string) => dayKey.slice(0, 7);

/** The grid's header: each weekday's name (for screen readers) and its two-letter heading. */
const WEEKDAYS = [
  { name: msg`Sunday`, short: msg({ message: "Su", comment: "Sunday, as the month calendar's column heading" }) },
  { name: msg`Monday`, short: msg({ message: "Mo", comment: "Monday, as the month calendar's column heading" }) },
  { name: msg`Tuesday`, short: msg({ message: "Tu", comment: "Tuesday, as the month calendar's column heading" }) },
  { name: msg`Wednesday`, short: msg({ message: "We", comment: "Wednesday, as the month calendar's column heading" }) },
  { name: msg`Thursday`, short: msg({ message: "Th", comment: "Thursday, as the month calendar's column heading" }) },
  { name: msg`Friday`, short: msg({ message: "Fr", comment: "Friday, as the month calendar's column heading" }) },
  { name: msg`Saturday`, short: msg({ message: "Sa", comment: "Saturday, as the month calendar's column heading" }) },
];

/**
 * A day key in words: English by its pattern (`english`), another language through Intl
 * in the app's language (the zone is already applied: a day key is a calendar day, read in UTC).
 */
function dayText(dayKey: string, english: string, options: Intl.DateTimeFormatOptions): string {
  const locale = getDisplayLocale();
  if (locale === DEFAULT_LOCALE) return formatPattern(utcMidnight(dayKey), english, "UTC");
  return new Intl.DateTimeFormat(`${locale}-IN`, { ...options, timeZone: "UTC" }).format(utcMidnight(dayKey));
}

type MonthCalendarProps = {
  /** The month shown, "YYYY-MM". */
  month: string;
  onMonthChange: (month: string) => void;
  /** Earliest and latest months one can page to ("YYYY-MM"). */
  minMonth: string;
  maxMonth: string;
  /** Days with open times ("YYYY-MM-DD" in the viewer's zone), with how many. Other days are disabled. */
  openDays: Map<string, number>;
  selected: string | null;
  onSelect: (day: string) => void;
  /** Today in the viewer's zone, marked on the grid. */
  today: string;
};

/**
 * A small accessible month grid (no library: react-day-picker 9 weighed 23 kB gzip): a table with
 * role="grid", one tab stop (roving tabindex), arrows move by day and week, Home/End to the week's
 * ends, PageUp/PageDown by month; days without open times are announced and shown as unavailable.
 */
export function MonthCalendar({ month, onMonthChange, minMonth, maxMonth, openDays, selected, onSelect, today }: MonthCalendarProps) {
  const { t } = useLinguiMacro();
  const { i18n } = useLingui();
  const titleId = useId();
  const first = `${month}-01`;
  const [focusDay, setFocusDay] = useState<string>(() =>
    selected && monthOf(selected) === month ? selected : (firstOpen(month, openDays) ?? first),
  );
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // Keep the tab stop inside the shown month.
  useEffect(() => {
    if (monthOf(focusDay) !== month)
      setFocusDay(selected && monthOf(selected) === month ? selected : (firstOpen(month, openDays) ?? `${month}-01`));
  }, [month, focusDay, selected, openDays]);

  // After a key press, focus follows the tab stop (not on first render, so the page does not jump).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new month runs it too, which clears a key press that left the tab stop where it was, so focus does not jump into the grid later
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const clampMonth = (m: string) => (m < minMonth ? minMonth : m > maxMonth ? maxMonth : m);
  const goTo = (target: string) => {
    const m = monthOf(target);
    if (m < minMonth || m > maxMonth) return;
    moved.current = true;
    setFocusDay(target);
    if (m !== month) onMonthChange(m);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const d = focusDay;
    // biome-ignore-start lint/correctness/noComponentHookFactories: the keys are key names (ArrowLeft, Home), not components
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(d, -1),
      ArrowRight: () => addDays(d, 1),
      ArrowUp: () => addDays(d, -7),
      ArrowDown: () => addDays(d, 7),
      Home: () => addDays(d, -weekdayOf(d)),
      End: () => addDays(d, 6 - weekdayOf(d)),
      PageUp: () => addMonths(d, -1),
      PageDown: () => addMonths(d, 1),
    };
    // biome-ignore-end lint/correctness/noComponentHookFactories: the keys above are key names
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move());
  };

  const lead = weekdayOf(first);
  const count = daysInMonth(first);
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: count }, (_, i) => addDays(first, i))];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const prev = addMonths(first, -1).slice(0, 7);
  const next = addMonths(first, 1).slice(0, 7);

  return (
    <div className="grid w-full max-w-sm gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t`Previous month`}
          disabled={prev < minMonth}
          onClick={() => onMonthChange(clampMonth(prev))}
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <h2 id={titleId} aria-live="polite" className="font-semibold text-slate-900">
          {dayText(first, "MMMM YYYY", { month: "long", year: "numeric" })}
        </h2>
        <button
          type="button"
          aria-label={t`Next month`}
          disabled={next > maxMonth}
          onClick={() => onMonthChange(clampMonth(next))}
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="w-full table-fixed border-collapse text-center"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w.name.id} scope="col" abbr={i18n._(w.name)} className="pb-1 text-xs font-medium text-slate-500">
                {i18n._(w.short)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a month's weeks are positions, drawn anew for each month
            <tr key={i}>
              {week.map((d, j) =>
                d ? (
                  <DayCell
                    key={d}
                    day={d}
                    open={openDays.get(d) ?? 0}
                    selected={d === selected}
                    today={d === today}
                    tabStop={d === focusDay}
                    onSelect={onSelect}
                    onFocus={() => setFocusDay(d)}
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell before the 1st or after the last day is its place in the week
                  <td key={`empty-${j}`} role="gridcell" aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell({
  day: d,
  open,
  selected,
  today,
  tabStop,
  onSelect,
  onFocus,
}: {
  day: string;
  open: number;
  selected: boolean;
  today: boolean;
  tabStop: boolean;
  onSelect: (d: string) => void;
  onFocus: () => void;
}) {
  // The visible number is a word of the name ("9", not "9th"): WCAG 2.5.3, label in name.
  const { t } = useLinguiMacro();
  const date = dayText(d, "dddd, MMMM D YYYY", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
  const times = plural(open, { 0: "no open times", one: "# open time", other: "# open times" });
  const label = today ? t`${date} (today), ${times}` : t`${date}, ${times}`;
  return (
    <td role="gridcell" aria-selected={selected} className="p-0.5">
      <button
        type="button"
        data-day={d}
        tabIndex={tabStop ? 0 : -1}
        aria-label={label}
        aria-disabled={open === 0 || undefined}
        aria-current={today ? "date" : undefined}
        onFocus={onFocus}
        onClick={() => open > 0 && onSelect(d)}
        className={cn(
          "relative mx-auto flex aspect-square w-full max-w-11 items-center justify-center rounded-full text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
          open === 0
            ? "cursor-default text-slate-400"
            : selected
              ? "bg-indigo-600 font-semibold text-white"
              : "bg-indigo-50 font-semibold text-indigo-800 hover:bg-indigo-100",
          today && !selected && "underline underline-offset-4",
        )}
      >
        {Number(d.slice(8))}
      </button>
    </td>
  );
}

function firstOpen(month: string, openDays: Map<string, number>): string | undefined {
  return [...openDays.keys()].filter((d) => monthOf(d) === month).sort()[0];
}
