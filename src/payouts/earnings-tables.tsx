import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { formatRupees } from "@/platform/money";
import { formatDate } from "@/platform/zoned";
import type { EarningLine, EarningsMonth, PayoutLine } from "../../shared/payouts";
import { type Column, StackedTable, StatusPill } from "./stacked-table";
import { arrivalDay, EARNING_STATUS, monthLabel, PAYOUT_STATUS, periodLabel } from "./words";

/**
 * One month's figures, left to right as they add up: gross, less what was refunded (and what lost disputes
 * took), less the platform's fee on what was kept, is his net.
 */
export function MonthSummary({ month, feePercent }: { month: EarningsMonth; feePercent: number }) {
  const { t } = useLingui();
  const figures: [string, number][] = [
    [t`Gross`, month.grossPaise],
    [t`Refunded`, month.refundedPaise],
    ...(month.disputedPaise > 0 ? ([[t`Lost to disputes`, month.disputedPaise]] as [string, number][]) : []),
    [t`Platform fee (${feePercent}%)`, month.feePaise],
    [t`Net`, month.netPaise],
  ];
  return (
    <dl className={`grid grid-cols-1 gap-3 ${figures.length > 4 ? "sm:grid-cols-5" : "sm:grid-cols-4"}`} data-testid="month-summary">
      {figures.map(([label, paise]) => (
        <div key={label} className="rounded-lg border border-slate-200 p-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900">{formatRupees(paise)}</dd>
        </div>
      ))}
    </dl>
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
    // Left to right as they add up: gross - refunded (- lost to disputes) - fee = net.
    { header: t`Gross`, numeric: true, cell: (m) => formatRupees(m.grossPaise) },
    { header: t`Refunded`, numeric: true, cell: (m) => formatRupees(m.refundedPaise) },
    ...(months.some((m) => m.disputedPaise > 0)
      ? [{ header: t`Lost to disputes`, numeric: true, cell: (m: EarningsMonth) => formatRupees(m.disputedPaise) }]
      : []),
    { header: t`Fee`, numeric: true, cell: (m) => formatRupees(m.feePaise) },
    { header: t`Net`, numeric: true, cell: (m) => formatRupees(m.netPaise) },
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

/**
 * One line per paid invoice of the month: who paid, when, for which period, the split and where his share is. Left to
 * right as they add up: gross - refunded (- lost to disputes) - fee = net.
 */
export function LinesTable({ month, lines, zone }: { month: string; lines: EarningLine[]; zone: string }) {
  const { t } = useLingui();
  const monthName = monthLabel(month);
  const columns: Column<EarningLine>[] = [
    { header: t`Mentee`, cell: (l) => l.menteeName },
    { header: t`Paid on`, cell: (l) => formatDate(l.paidAt, zone) },
    { header: t`Period`, cell: (l) => periodLabel(l.periodStart, l.periodEnd, zone) },
    { header: t`Payment`, cell: (l) => (l.kind === "new" ? t`New subscription` : t`Renewal`) },
    { header: t`Gross`, numeric: true, cell: (l) => formatRupees(l.grossPaise) },
    { header: t`Refunded`, numeric: true, cell: (l) => formatRupees(l.refundedPaise) },
    // As the months: the column shows when a payment of the month lost a dispute, so every row adds up.
    ...(lines.some((l) => l.lostPaise > 0)
      ? [{ header: t`Lost to disputes`, numeric: true, cell: (l: EarningLine) => formatRupees(l.lostPaise) }]
      : []),
    { header: t`Fee`, numeric: true, cell: (l) => formatRupees(l.feePaise) },
    { header: t`Net`, numeric: true, cell: (l) => formatRupees(l.netPaise) },
    { header: t`Status`, cell: (l) => <StatusPill {...EARNING_STATUS[l.status]} /> },
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
