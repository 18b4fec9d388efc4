import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Printer } from "lucide-react";
import { apiError } from "@/platform/api-error";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { formatDate } from "@/platform/zoned";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { PeriodRange } from "./subscription-period";

/**
 * A printable receipt of one of the mentee's payments, drawn from the ledger the same way
 * everywhere (locally and in production): what was paid, to whom, for which period, on which
 * invoice, and what was refunded since.
 */
export function ReceiptPage({ paymentId }: { paymentId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const zone = useMyZone();
  const receipt = useQuery({
    ...trpc.subscriptions.receipt.queryOptions({ paymentId }),
    retry: (count, error) => apiError(error)?.status !== 404 && count < 3,
  });
  const back = (
    <Link to="/mentees/subscribed-mentors" className="text-sm font-medium text-indigo-700 underline print:hidden">
      <Trans>Back to Subscriptions</Trans>
    </Link>
  );
  if (receipt.isPending) return <Skeleton role="status" aria-label={t`Loading the receipt`} className="h-64 w-full" />;
  if (receipt.isError) {
    return (
      <section role="alert" className="grid justify-items-start gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>We couldn't find this receipt</Trans>
        </h1>
        <p className="text-slate-700">{apiError(receipt.error)?.message ?? t`Please check your connection and reload the page.`}</p>
        {back}
      </section>
    );
  }
  const r = receipt.data;
  const refunded = r.refundedPaise;
  const menteeName = r.menteeName;
  const menteeEmail = r.menteeEmail;
  return (
    <article aria-labelledby="receipt-title" className="mx-auto grid w-full max-w-xl gap-5" data-testid="receipt">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> <Trans>Print</Trans>
        </Button>
      </div>
      <div className="grid gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">MentorLink</p>
        <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
          <Trans>Receipt</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            Paid by {menteeName} ({menteeEmail})
          </Trans>
        </p>
      </div>
      <dl className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-600">
          <Trans>Amount paid</Trans>
        </dt>
        <dd className="text-lg font-bold tabular-nums text-slate-900">{formatRupees(r.amountPaise)}</dd>
        <dt className="font-medium text-slate-600">
          <Trans>Paid on</Trans>
        </dt>
        <dd>{formatDate(r.paidAt, zone)}</dd>
        <dt className="font-medium text-slate-600">
          <Trans>Mentor</Trans>
        </dt>
        <dd>{r.mentor.name}</dd>
        <dt className="font-medium text-slate-600">
          <Trans>For</Trans>
        </dt>
        <dd>
          <Trans>Monthly mentorship plan</Trans>
          {r.periodStart && r.periodEnd ? (
            <>
              {", "}
              <PeriodRange start={r.periodStart} end={r.periodEnd} />
            </>
          ) : null}
        </dd>
        <dt className="font-medium text-slate-600">
          <Trans>Invoice</Trans>
        </dt>
        <dd className="break-all font-mono text-xs">{r.invoiceId}</dd>
        {refunded > 0 ? (
          <>
            <dt className="font-medium text-slate-600">
              <Trans>Refunded</Trans>
            </dt>
            <dd className="grid gap-0.5">
              {r.refunds.map((refund) => {
                const amount = formatRupees(refund.amountPaise);
                const on = refund.refundedAt ? formatDate(refund.refundedAt, zone) : null;
                return (
                  <span key={`${refund.refundedAt ?? "undated"}-${refund.amountPaise}`}>
                    {on ? (
                      <Trans>
                        {amount} on {on}
                      </Trans>
                    ) : (
                      amount
                    )}
                  </span>
                );
              })}
            </dd>
            <dt className="font-medium text-slate-600">
              <Trans>Kept</Trans>
            </dt>
            <dd className="tabular-nums">{formatRupees(r.amountPaise - refunded)}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-xs text-slate-600">
        <Trans>Paid by card through Stripe. Refunds go back to the same card.</Trans>
      </p>
    </article>
  );
}
