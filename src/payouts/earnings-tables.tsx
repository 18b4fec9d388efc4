import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { formatRupees } from "@/platform/money";
import { formatDate } from "@/platform/zoned";
import type { EarningLine, EarningsMonth, PayoutLine } from "../../shared/payouts";
import { type Column, StackedTable, StatusPill } from "./stacked-table";
import { arrivalDay, EARNING_STATUS, monthLabel, PAYOUT_STATUS, periodLabel } from "./words";

/** Gross, the platform's fee and his net of one month, as three figures. */
export function MonthSummary({ month, feePercent }: { month: EarningsMonth; feePercent: number }) {
  const { t } = useLingui();
  const refunded = formatRupees(month.refundedPaise);
  const figures = [
    [t`Gross`, month.grossPaise],
    [t`Platform fee (${feePercent}%)`, month.feePaise],
    [t`Net`, month.netPaise],
  ] as const;
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="month-summary">
        {figures.map(([label, paise]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{formatRupees(paise)}</dd>
          </div>
        ))}
      </dl>
      {month.refundedPaise > 0 ? <p className="text-sm text-slate-600">{t`${refunded} of it refunded to mentees.`}</p> : null}
    </div>
  );
}

/** The last 12 months, each with its totals and a way to see its payments. */
export function MonthsTable({ months, selected }: { months: EarningsMonth[]; selected: string }) {
  const { t } = useLingui();
  const showPayments = (count: number) => t`Show ${plural(count, { one: "# payment", other: "# payments" })}`;
  const paymentsOf = (month: string) => {
    const monthName = monthLabel(month);
    return t`Payments of ${monthName}:`;
  };
  const ofMonth = (month: string) => {
    const monthName = monthLabel(month);
    return t`of ${monthName}`;
  };
  const columns: Column<EarningsMonth>[] = [
    { header: t`Month`, cell: (m) => monthLabel(m.month) },
    { header: t`Gross`, numeric: true, cell: (m) => formatRupees(m.grossPaise) },
    { header: t`Fee`, numeric: true, cell: (m) => formatRupees(m.feePaise) },
    { header: t`Net`, numeric: true, cell: (m) => formatRupees(m.netPaise) },
    { header: t`Refunded`, numeric: true, cell: (m) => formatRupees(m.refundedPaise) },
    {
      header: t`Payments`,
      hiddenHeader: true,
      // One link per month with payments, kept when chosen (so keyboard focus stays on it); the chosen one is marked current.
      cell: (m) =>
        m.payments === 0 && m.month !== selected ? (
          <span className="text-sm text-slate-500">{t`No payments`}</span>
        ) : (
          <Link
            to="/mentors/earnings"
            search={{ month: m.month }}
            resetScroll={false}
            aria-current={m.month === selected ? "true" : undefined}
            data-chosen={m.month === selected ? "" : undefined}
            className="whitespace-nowrap text-sm font-medium text-indigo-700 underline data-[chosen]:font-normal data-[chosen]:text-slate-600 data-[chosen]:no-underline"
          >
            {m.month === selected ? (
              <>
                <span className="sr-only">{paymentsOf(m.month)} </span>
                {t`Shown below`}
              </>
            ) : (
              <>
                {showPayments(m.payments)}
                <span className="sr-only"> {ofMonth(m.month)}</span>
              </>
            )}
          </Link>
        ),
    },
  ];
  // On a phone, twelve cards of zeros would bury the months that count: this month, the chosen one and those with payments.
  const cardRows = months.filter((m, i) => i === 0 || m.month === selected || m.payments > 0);
  return (
    <StackedTable
      caption={t`Earnings per month, newest first`}
      columns={columns}
      rows={months}
      cardRows={cardRows}
      cardNote={t`Months without payments are left out.`}
      rowKey={(m) => m.month}
      isCurrent={(m) => m.month === selected}
      testId="months-table"
    />
  );
}

/** One line per paid invoice of the month: who paid, when, for which period, the split and where his share is. */
export function LinesTable({ month, lines, zone }: { month: string; lines: EarningLine[]; zone: string }) {
  const { t } = useLingui();
  const monthName = monthLabel(month);
  const refundedText = (paise: number) => {
    const amount = formatRupees(paise);
    return t`${amount} refunded`;
  };
  const columns: Column<EarningLine>[] = [
    { header: t`Mentee`, cell: (l) => l.menteeName },
    { header: t`Paid on`, cell: (l) => formatDate(l.paidAt, zone) },
    { header: t`Period`, cell: (l) => periodLabel(l.periodStart, l.periodEnd, zone) },
    { header: t`Gross`, numeric: true, cell: (l) => formatRupees(l.grossPaise) },
    { header: t`Fee`, numeric: true, cell: (l) => formatRupees(l.feePaise) },
    { header: t`Net`, numeric: true, cell: (l) => formatRupees(l.netPaise) },
    {
      header: t`Status`,
      cell: (l) => (
        <span className="inline-flex flex-wrap justify-end gap-1">
          <StatusPill {...EARNING_STATUS[l.status]} />
          {l.refundedPaise > 0 && l.status !== "refunded" ? (
            <span className="text-xs text-slate-600">{refundedText(l.refundedPaise)}</span>
          ) : null}
        </span>
      ),
    },
  ];
  return <StackedTable caption={t`Payments of ${monthName}`} columns={columns} rows={lines} rowKey={(l) => l.id} testId="earning-lines" />;
}

/** Payouts to his bank: amount, the day it arrives (or arrived) and its state; a failed one says why. */
export function PayoutsTable({ caption, payouts, past }: { caption: string; payouts: PayoutLine[]; past: boolean }) {
  const { t } = useLingui();
  const columns: Column<PayoutLine>[] = [
    { header: t`Amount`, cell: (p) => <span className="tabular-nums">{formatRupees(p.amountPaise)}</span> },
    { header: past ? t`Arrived` : t`Arrives`, cell: (p) => arrivalDay(p.arrivalDate) },
    {
      header: t`Status`,
      cell: (p) => (
        <span className="grid justify-items-end gap-1 md:justify-items-start">
          <StatusPill {...PAYOUT_STATUS[p.status]} />
          {p.status === "failed" && p.failureMessage ? (
            <span className="text-xs text-red-800">{translateServerMessage(p.failureMessage)}</span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <StackedTable
      caption={caption}
      columns={columns}
      rows={payouts}
      rowKey={(p) => p.id}
      testId={past ? "past-payouts" : "upcoming-payouts"}
    />
  );
}
