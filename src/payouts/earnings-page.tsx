import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { zoneLabel } from "@/platform/zoned";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import type { EarningsView } from "../../shared/payouts";
import { LinesTable, MonthSummary, MonthsTable, PayoutsTable } from "./earnings-tables";
import { NewEnrollmentsNote } from "./new-enrollments-note";
import { PayoutAccountCard } from "./payout-account-card";
import { monthLabel } from "./words";

export const NO_PAYMENTS = msg`No payments yet. When a mentee subscribes, the payment and your share show here.`;

function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id} className="min-w-0">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** The mentor's Earnings page (ADR 0024): payout account, this month, the last 12 months, one month's payments, payouts. */
export function EarningsPage({ month }: { month?: string }) {
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const zone = useMyZone();
  const zoneName = zoneLabel(zone);
  const view = useQuery({ ...trpc.payouts.earnings.queryOptions({ month }), placeholderData: keepPreviousData });

  return (
    <section aria-labelledby="earnings-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="earnings-title" className="text-2xl font-bold text-slate-900">
          <Trans>Earnings</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>What your mentees paid, the platform's fee and your share. Months and dates are in your time zone, {zoneName}.</Trans>
        </p>
      </div>
      {view.isPending ? (
        <div role="status" aria-label={t`Loading your earnings`} className="grid gap-6">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : view.isError && !view.data ? (
        <Card>
          <CardContent className="pt-6">
            <LoadError what={t`your earnings`} onRetry={() => void view.refetch()} />
          </CardContent>
        </Card>
      ) : (
        <Loaded data={view.data} zone={zone} loading={view.isPlaceholderData} />
      )}
    </section>
  );
}

function Loaded({ data, zone, loading }: { data: EarningsView; zone: string; loading: boolean }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const thisMonth = data.months[0];
  const hasPayments = data.months.some((m) => m.payments > 0) || data.lines.length > 0;
  const selected = data.month;
  const thisMonthName = monthLabel(thisMonth.month);
  const selectedName = monthLabel(selected.month);
  const paymentCount = selected.payments;
  return (
    <>
      <PayoutAccountCard account={data.account} />
      {hasPayments ? (
        <>
          <Section id="this-month-title" title={t`This month: ${thisMonthName}`}>
            <MonthSummary month={thisMonth} feePercent={data.feePercent} />
            <NewEnrollmentsNote count={data.newEnrollments} />
          </Section>
          <Section id="months-title" title={t`Last 12 months`}>
            <MonthsTable months={data.months} selected={selected.month} />
          </Section>
          <Section
            id="lines-title"
            title={t`Payments in ${selectedName}`}
            aside={
              <p className="text-sm text-slate-600" aria-live="polite">
                {loading ? t`Loading…` : t`${plural(paymentCount, { one: "# payment", other: "# payments" })}`}
              </p>
            }
          >
            <div aria-busy={loading} className="grid gap-3">
              {selected.month !== thisMonth.month ? <MonthSummary month={selected} feePercent={data.feePercent} /> : null}
              {data.lines.length === 0 ? (
                <p className="text-slate-700">
                  <Trans>No payments in {selectedName}.</Trans>
                </p>
              ) : (
                <LinesTable month={selected.month} lines={data.lines} zone={zone} />
              )}
            </div>
          </Section>
        </>
      ) : (
        <Section id="no-payments-title" title={t`Payments`}>
          <p className="text-slate-700">{i18n._(NO_PAYMENTS)}</p>
        </Section>
      )}
      <Section id="upcoming-payouts-title" title={t`Upcoming payouts`}>
        {data.upcomingPayouts.length === 0 ? (
          <p className="text-slate-700">{t`No payouts on their way.`}</p>
        ) : (
          <PayoutsTable caption={t`Upcoming payouts, soonest first`} payouts={data.upcomingPayouts} past={false} />
        )}
      </Section>
      <Section id="past-payouts-title" title={t`Past payouts`}>
        {data.pastPayouts.length === 0 ? (
          <p className="text-slate-700">{t`No payouts yet.`}</p>
        ) : (
          <PayoutsTable caption={t`Past payouts, newest first`} payouts={data.pastPayouts} past />
        )}
      </Section>
    </>
  );
}
