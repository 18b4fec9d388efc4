import { useLingui } from "@lingui/react/macro";
import DailyLineChart from "../ui/daily-line-chart";

/** Daily new enrollments as a line, a point per day (loaded only by the mentor dashboard, through React.lazy). */
export default function EnrollmentChart({ data }: { data: { date: string; count: number }[] }) {
  const { t } = useLingui();
  const points = data.map((d) => ({ key: d.date, label: d.date.slice(5), value: d.count }));
  return <DailyLineChart points={points} name={t`New enrollments`} tooltipTitle={(point) => point.key} className="h-60 w-full" />;
}
