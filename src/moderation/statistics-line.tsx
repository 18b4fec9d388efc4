import { formatRupees } from "@/platform/money";
import DailyLineChart from "../ui/daily-line-chart";

/** An axis label for an amount in paise, short: ₹800, ₹6.4K, ₹1.2L. */
const compactRupees = (paise: number) =>
  `₹${new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 }).format(paise / 100)}`;

/** The line of a moderator's daily chart (loaded lazily by statistics-chart.tsx). Drawn for the eye only: the figure's table carries the numbers. */
export default function StatisticsLine({
  data,
  label,
  money,
}: {
  data: { date: string; day: string; count: number }[];
  label: string;
  money: boolean;
}) {
  const points = data.map((d) => ({ key: d.date, label: d.day, value: d.count }));
  const amounts = money ? { axisValue: compactRupees, tooltipValue: formatRupees, valueAxisWidth: 48 } : {};
  return <DailyLineChart points={points} name={label} {...amounts} className="h-full w-full" />;
}
