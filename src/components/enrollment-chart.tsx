import { useLingui } from "@lingui/react/macro";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { COUNT_AXIS, dayAxis, QUIET_GRID } from "./chart-axes";

/** Daily new enrollments as bars, one per day (recharts; loaded only by the mentor dashboard, through React.lazy). */
export default function EnrollmentChart({ data }: { data: { date: string; count: number }[] }) {
  const { t } = useLingui();
  const points = data.map((d) => ({ ...d, label: d.date.slice(5) }));
  return (
    // Drawn for the eye only: the dashboard gives the same numbers in words, so the chart takes no focus (issue 28: nothing
    // focusable inside aria-hidden). It sizes itself to its slot (`responsive`): a ResponsiveContainer drew it a second time.
    <BarChart responsive style={{ width: "100%", height: 240 }} data={points} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
      <CartesianGrid {...QUIET_GRID} />
      <XAxis dataKey="label" {...dayAxis(points.length)} />
      <YAxis {...COUNT_AXIS} />
      <Tooltip cursor={{ fill: "#eef2ff" }} labelFormatter={(_, p) => (p?.[0]?.payload as { date?: string } | undefined)?.date ?? ""} />
      <Bar dataKey="count" name={t`New enrollments`} fill="#4f46e5" radius={[2, 2, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
