import { Trans, useLingui } from "@lingui/react/macro";
import { lazy } from "react";
import { longDate } from "@/platform/dates";
import { formatRupees } from "@/platform/money";
import { shortDay } from "@/ui/short-day";
import { ChartSlot } from "../ui/chart-slot";

/** The chart's code (recharts) is fetched when a chart comes near the screen (ChartSlot), never with the page. */
const loadStatisticsLine = () => import("./statistics-line");
const StatisticsLine = lazy(loadStatisticsLine);

type Day = { date: string; count: number };

/**
 * One daily series as a line, a point per day (ADR 0037), loaded lazily, with a table for screen readers.
 * `unit="paise"`: the values are amounts in paise, written in rupees (the fee chart); otherwise counts.
 * `id` names the chart for tests (`chart-<id>`), whatever the language; `label` is the series' name as shown.
 */
export function StatisticsChart({
  id,
  title,
  days,
  label,
  unit = "count",
}: {
  id: string;
  title: string;
  days: Day[];
  label: string;
  unit?: "count" | "paise";
}) {
  const { t } = useLingui();
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const money = unit === "paise";
  const format = (value: number) => (money ? formatRupees(value) : String(value));
  const totalText = format(total);
  const data = days.map((d) => ({ ...d, day: shortDay(d.date) }));
  return (
    <figure className="grid gap-2" aria-label={title}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">{t`${totalText} in 30 days`}</span>
      </figcaption>
      <ChartSlot className="h-56 w-full" placeholderClassName="h-full w-full" load={loadStatisticsLine} data-testid={`chart-${id}`}>
        <StatisticsLine data={data} label={label} money={money} />
      </ChartSlot>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">
          <Trans>Show as a table</Trans>
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">
            <Trans>{title} per day</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                {/* A calendar day: read at local midnight, so no zone moves it to the day before. */}
                <td>{longDate(`${d.date}T00:00`)}</td>
                <td>{format(d.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
