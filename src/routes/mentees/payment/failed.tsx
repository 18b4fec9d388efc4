import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { XCircle } from "lucide-react";
import { Button } from "@/ui/button";

/** Known reasons only: the page never shows text taken from the address bar. */
const REASONS: Record<string, MessageDescriptor> = { card_declined: msg`Your card was declined. No money was taken.` };
const DEFAULT_MESSAGE = msg`An error occurred during the payment process.`;

export const Route = createFileRoute("/mentees/payment/failed")({
  validateSearch: (search: Record<string, unknown>): { reason?: string } =>
    typeof search.reason === "string" ? { reason: search.reason } : {},
  component: PaymentFailed,
});

/** SPEC §2: "Payment Failed", a message, and a link to the mentee home. */
function PaymentFailed() {
  const { reason } = Route.useSearch();
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="failed-title" className="mx-auto grid max-w-md justify-items-center gap-4 py-12 text-center">
      <XCircle aria-hidden="true" className="size-12 text-red-600" />
      <h1 id="failed-title" className="text-2xl font-bold text-slate-900">
        <Trans>Payment Failed</Trans>
      </h1>
      <p className="text-slate-700">{i18n._((reason && Object.hasOwn(REASONS, reason) && REASONS[reason]) || DEFAULT_MESSAGE)}</p>
      <p className="text-sm text-slate-600">
        <Trans>You were not subscribed. You can try again from the mentor's profile.</Trans>
      </p>
      <Button asChild>
        <Link to="/mentees">
          <Trans>Back to home</Trans>
        </Link>
      </Button>
    </section>
  );
}
