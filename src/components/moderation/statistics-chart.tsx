import dayjs from "dayjs";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatRupees } from "@/lib/money";

type Day = { date: string; count: number };

/** An axis label for an amount in paise, short: ₹800, ₹6.4K, ₹1.2L. */
const compactRupees = (paise: number) => `₹${new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 }).format(paise / 100)}`;

/**
 * One daily series as bars, one per day (bars read truer than a smoothed line) (recharts: imported only by moderator pages), with a table for screen readers.
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
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} {...(money ? { tickFormatter: compactRupees, width: 72 } : {})} />
            <Tooltip cursor={{ fill: "#eef2ff" }} formatter={(value) => format(Number(value))} />
            <Bar dataKey="count" name={label} fill="#4f46e5" radius={[2, 2, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
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
