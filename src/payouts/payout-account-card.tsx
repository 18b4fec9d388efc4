import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/toast";
import type { PayoutAccountView } from "../../shared/payouts";
import { ACCOUNT_STATE } from "./words";

/** A failed request's toast: what failed, and why (the API's words, else the connection). */
const failed = (what: string, retry: string) => (error: unknown) => toast.error(what, { description: apiError(error)?.message ?? retry });

/** Starts (or resumes) Stripe's onboarding and leaves for it. */
export function useStartOnboarding() {
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  return useMutation(
    trpc.payouts.startOnboarding.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => failed(t`We couldn't open Stripe's onboarding`, t`Please check your connection and try again.`)(error),
    }),
  );
}

/**
 * The mentor's payout account: where it stands and what to do next, the way to Stripe's onboarding
 * or his Express dashboard, and what waits for it.
 */
export function PayoutAccountCard({ account }: { account: PayoutAccountView }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const start = useStartOnboarding();
  const dashboard = useMutation(trpc.payouts.dashboardLink.mutationOptions());
  const openDashboard = async () => {
    // Opened before the link is asked for, so the browser counts it as the click's window and does not block it.
    const tab = window.open("about:blank", "_blank");
    try {
      const { url } = await dashboard.mutateAsync();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      failed(t`We couldn't open your Stripe dashboard`, t`Please check your connection and try again.`)(error);
    }
  };
  const onboardingLabel =
    account.state === "none"
      ? t`Connect payout account`
      : account.state === "incomplete" || account.state === "restricted"
        ? t`Continue onboarding`
        : null;
  const held = formatRupees(account.heldPaise);
  const ready = account.state === "ready";
  return (
    <Card role="region" aria-labelledby="payout-account-title" className="min-w-0">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="payout-account-title" className="text-lg font-semibold text-slate-900">
            <Trans>Payout account</Trans>
          </h2>
          <p
            className={ready ? "text-sm font-medium text-emerald-800" : "text-sm font-medium text-amber-900"}
            data-testid="payout-account-state"
          >
            {i18n._(ACCOUNT_STATE[account.state])}
          </p>
        </div>
        {account.nextStep ? <p className="text-slate-700">{translateServerMessage(account.nextStep)}</p> : null}
        {account.heldPaise > 0 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="held-amount">
            {ready ? t`${held} on its way to your payout account` : t`${held} waiting for your payout account`}
          </p>
        ) : null}
        {onboardingLabel || account.detailsSubmitted ? (
          <div className="flex flex-wrap gap-2">
            {onboardingLabel ? (
              <Button disabled={start.isPending} onClick={() => start.mutate()}>
                {start.isPending ? <Spinner /> : null}
                {onboardingLabel}
              </Button>
            ) : null}
            {account.detailsSubmitted ? (
              <Button variant="outline" disabled={dashboard.isPending} onClick={() => void openDashboard()}>
                {dashboard.isPending ? <Spinner /> : <ExternalLink aria-hidden="true" />}
                <Trans>Open Stripe dashboard</Trans>
                <span className="sr-only">
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
