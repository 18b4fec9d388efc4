import { useLingui } from "@lingui/react/macro";
import DailyLineChart from "../ui/daily-line-chart";

/** Daily new enrollments as a line, a point per day (loaded only by the mentor dashboard, through React.lazy). */
export default function EnrollmentChart({ data }: { data: { date: string; count: number }[] }) {
  const { t } = useLingui();
  // Each day named as the app writes a short date, on the axis and in the tooltip (the chart's default).
  const points = data.map((d) => ({ key: d.date, value: d.count }));
  return <DailyLineChart points={points} name={t`New enrollments`} className="h-60 w-full" />;
}
