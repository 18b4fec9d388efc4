import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarDays, CheckCircle2, MessageCircle, ReceiptText } from "lucide-react";
import { useState } from "react";
import { PeriodRange } from "@/payments/subscription-period";
import { apiError } from "@/platform/api-error";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";

/** How often the page asks while Stripe's confirmation is on its way, and for how long before it says so. */
const POLL_MS = 1500;
const PATIENCE_MS = 60_000;

export const Route = createFileRoute("/mentees/payment/success/$paymentId")({ component: PaymentSuccess });

/** Back from Stripe Checkout: "Processing your payment" until the webhook has activated the subscription. */
function PaymentSuccess() {
  const { t } = useLingui();
  const { paymentId } = Route.useParams();
  const trpc = useTRPC();
  const [since] = useState(() => Date.now());
  const status = useQuery({
    ...trpc.payments.checkoutStatus.queryOptions({ sessionId: paymentId }),
    // Asked again until the subscription is active and its paid invoice (the receipt) is recorded.
    refetchInterval: (query) =>
      (query.state.data?.isActive && query.state.data.receiptId) || Date.now() - since > PATIENCE_MS ? false : POLL_MS,
    retry: (count, error) => apiError(error)?.status !== 404 && count < 3,
  });

  if (status.isError) {
    return (
      <section role="alert" className="mx-auto grid max-w-md justify-items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>We couldn't find this payment</Trans>
        </h1>
        <p className="text-slate-700">{apiError(status.error)?.message ?? t`Please check your connection and reload the page.`}</p>
        <Button asChild variant="outline">
          <Link to="/mentees/subscribed-mentors">
            <Trans>See your subscriptions</Trans>
          </Link>
        </Button>
      </section>
    );
  }

  const data = status.data;
  if (!data?.isActive) {
    const slow = status.dataUpdatedAt - since > PATIENCE_MS;
    const paymentStatus = data?.status;
    return (
      <section aria-labelledby="processing-title" className="mx-auto grid max-w-md justify-items-center gap-4 py-12 text-center">
        <div role="status" aria-live="polite" className="grid justify-items-center gap-3">
          <Spinner />
          <h1 id="processing-title" className="text-2xl font-bold text-slate-900">
            <Trans>Processing your payment</Trans>
          </h1>
          <p className="text-slate-700">
            {slow
              ? t`This is taking longer than usual. Your subscription will appear under Subscriptions as soon as the payment provider confirms it.`
              : t`We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.`}
          </p>
        </div>
        {data && data.status !== "pending" ? (
          <p className="text-sm text-slate-600">
            <Trans>Status: {paymentStatus}</Trans>
          </p>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/mentees/subscribed-mentors">
            <Trans>See your subscriptions</Trans>
          </Link>
        </Button>
      </section>
    );
  }

  const mentorName = data.mentor.name;
  const price = formatRupees(data.amountPaise);
  return (
    <section aria-labelledby="success-title" className="mx-auto grid max-w-lg gap-5 py-12">
      <div role="status" className="grid justify-items-center gap-3 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
        <h1 id="success-title" className="text-2xl font-bold text-slate-900">
          <Trans>You are subscribed to {mentorName}</Trans>
        </h1>
      </div>
      <dl className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">
          <Trans>Plan</Trans>
        </dt>
        <dd>
          <Trans>{price} / month, 4 one-hour calls</Trans>
        </dd>
        <dt className="font-medium">
          <Trans>Current period</Trans>
        </dt>
        <dd>
          <PeriodRange start={data.currentPeriodStart} end={data.currentPeriodEnd} />
        </dd>
      </dl>
      <div className="grid gap-2">
        <h2 className="font-semibold text-slate-900">
          <Trans>Next steps</Trans>
        </h2>
        <ul className="grid gap-2 text-sm text-slate-700" data-testid="next-steps">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
            <Link to="/mentees/schedules" search={{ mentorId: data.mentor.id }} className="text-indigo-700 underline">
              <Trans>Book your first call with {mentorName}</Trans>
            </Link>
          </li>
          <li className="flex items-center gap-2">
            <MessageCircle aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
            <Link to="/mentees/connect/inbox" className="text-indigo-700 underline">
              <Trans>Say hello to your mentor in Chat</Trans>
            </Link>
          </li>
          <li className="flex items-center gap-2">
            <ReceiptText aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
            {data.receiptId ? (
              <Link to="/mentees/receipts/$paymentId" params={{ paymentId: data.receiptId }} className="text-indigo-700 underline">
                <Trans>See your receipt</Trans>
              </Link>
            ) : (
              <span role="status">
                <Trans>Your receipt appears here in a moment.</Trans>
              </span>
            )}
          </li>
        </ul>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/mentees/schedules" search={{ mentorId: data.mentor.id }}>
            <Trans>Book your first call</Trans>
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/mentees/browse/mentor/profile/$id" params={{ id: data.mentor.id }}>
            <Trans>Go to {mentorName}'s profile</Trans>
          </Link>
        </Button>
      </div>
    </section>
  );
}
