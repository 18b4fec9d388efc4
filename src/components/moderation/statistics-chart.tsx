import dayjs from "dayjs";
import { lazy, Suspense } from "react";
import { formatRupees } from "@/lib/money";
import { Skeleton } from "../ui/skeleton";

/** recharts is a large chunk: loaded after the page itself, only where a chart is drawn (issue 28). */
const StatisticsBars = lazy(() => import("./statistics-bars"));

type Day = { date: string; count: number };


/**
 * One daily series as bars, one per day (bars read truer than a smoothed line) (recharts, loaded lazily), with a table for screen readers.
 * `unit="paise"`: the values are amounts in paise, written in rupees (the fee chart); otherwise counts.
 */
export function StatisticsChart({ title, days, label, unit = "count" }: { title: string; days: Day[]; label: string; unit?: "count" | "paise" }) {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const money = unit === "paise";
  const format = (value: number) => (money ? formatRupees(value) : String(value));
  const data = days.map((d) => ({ ...d, day: dayjs(d.date).format("MMM D") }));
  return (
    <figure className="grid gap-2" aria-label={title}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">
          {format(total)} in 30 days
        </span>
      </figcaption>
      <div className="h-56 w-full" aria-hidden="true" data-testid={`chart-${label}`}>
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <StatisticsBars data={data} label={label} money={money} />
        </Suspense>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{dayjs(d.date).format("MMMM Do YYYY")}</td>
                <td>{format(d.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
