import { useLingui } from "@lingui/react/macro";
import DailyBarChart from "../ui/daily-bar-chart";

/** Daily new enrollments as bars, one per day (loaded only by the mentor dashboard, through React.lazy). */
export default function EnrollmentChart({ data }: { data: { date: string; count: number }[] }) {
  const { t } = useLingui();
  const bars = data.map((d) => ({ key: d.date, label: d.date.slice(5), value: d.count }));
  return <DailyBarChart bars={bars} name={t`New enrollments`} tooltipTitle={(bar) => bar.key} className="h-60 w-full" />;
}
