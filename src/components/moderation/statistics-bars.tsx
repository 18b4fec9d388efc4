import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatRupees } from "@/lib/money";
import { COUNT_AXIS, dayAxis, QUIET_GRID } from "../chart-axes";

/** An axis label for an amount in paise, short: ₹800, ₹6.4K, ₹1.2L. */
const compactRupees = (paise: number) => `₹${new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 }).format(paise / 100)}`;

/** The bars of a moderator's daily chart (recharts; loaded lazily by statistics-chart.tsx). Drawn for the eye only: the figure's table carries the numbers. */
export default function StatisticsBars({ data, label, money }: { data: { day: string; count: number }[]; label: string; money: boolean }) {
  const format = (value: number) => (money ? formatRupees(value) : String(value));
  return (
    <BarChart responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }} accessibilityLayer={false}>
      <CartesianGrid {...QUIET_GRID} />
      <XAxis dataKey="day" {...dayAxis(data.length)} />
      <YAxis {...COUNT_AXIS} {...(money ? { tickFormatter: compactRupees, width: 72 } : {})} />
      <Tooltip cursor={{ fill: "#eef2ff" }} formatter={(value) => format(Number(value))} />
      <Bar dataKey="count" name={label} fill="#4f46e5" radius={[2, 2, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
