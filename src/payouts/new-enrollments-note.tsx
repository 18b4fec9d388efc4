import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/**
 * What the dashboard's enrollment count and the Earnings page both say, from one server definition
 * (worker/statistics/daily-enrollments.ts): a new enrollment is a subscription's first paid month.
 */
export function NewEnrollmentsNote({ count }: { count: number }) {
  const { t } = useLingui();
  return (
    <p className="text-sm text-slate-700" data-testid="new-enrollments">
      <span className="font-medium text-slate-900">
        {t`${plural(count, { one: "# new enrollment", other: "# new enrollments" })} in the last 30 days.`}
      </span>{" "}
      {t`A new enrollment is a subscription's first paid month; renewals and payments refunded in full are not counted.`}
    </p>
  );
}
