import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { MenteePayment } from "@/platform/api-types";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { formatDate } from "@/platform/zoned";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";

/** The mentee's payments on her Subscriptions page: amount, date, mentor and a receipt each, with any refunds. */
export function PaymentHistory() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const payments = useQuery(trpc.subscriptions.payments.queryOptions());
  return (
    <section aria-labelledby="payments-title" className="grid gap-3">
      <h2 id="payments-title" className="text-xl font-semibold text-slate-900">
        <Trans>Payments and refunds</Trans>
      </h2>
      {payments.isPending ? (
        <Skeleton role="status" aria-label={t`Loading your payments`} className="h-24 w-full" />
      ) : payments.isError ? (
        <LoadError what={t`your payments`} onRetry={() => void payments.refetch()} />
      ) : payments.data.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No payments yet. Each payment for a subscription shows here with its receipt.</Trans>
        </p>
      ) : (
        <ul className="grid divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="payments">
          {payments.data.map((p) => (
            <li key={p.id}>
              <PaymentRow payment={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PaymentRow({ payment: p }: { payment: MenteePayment }) {
  const { t } = useLingui();
  const zone = useMyZone();
  const amount = formatRupees(p.amountPaise);
  const paidOn = formatDate(p.paidAt, zone);
  const mentorName = p.mentor.name;
  return (
    <div className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium text-slate-900">
          <Trans>
            {amount} to {mentorName}
          </Trans>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>Paid on {paidOn}</Trans>
        </p>
        {p.refunds.length > 0 ? (
          <ul className="grid gap-0.5 text-sm text-emerald-800" aria-label={t`Refunds of this payment`}>
            {p.refunds.map((r) => {
              const refunded = formatRupees(r.amountPaise);
              const on = r.refundedAt ? formatDate(r.refundedAt, zone) : null;
              return (
                <li key={`${r.refundedAt ?? "undated"}-${r.amountPaise}`}>
                  {on ? (
                    <Trans>
                      Refunded {refunded} on {on}
                    </Trans>
                  ) : (
                    <Trans>Refunded {refunded}</Trans>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <Link
        to="/mentees/receipts/$paymentId"
        params={{ paymentId: p.id }}
        className="text-sm font-medium text-indigo-700 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <Trans>Receipt</Trans>
        <span className="sr-only">
          {" "}
          <Trans>
            for {amount} paid on {paidOn}
          </Trans>
        </span>
      </Link>
    </div>
  );
}
