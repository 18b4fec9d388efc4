import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiError } from "@/lib/api-error";
import { translateServerMessage } from "@/lib/i18n/server-messages";
import { toast } from "@/lib/toast";
import { useTRPC } from "@/lib/trpc";
import { useStartOnboarding } from "./payout-account-card";

/**
 * Stripe sends the mentor back with `?onboarding=return` (read his account from Stripe once and say
 * where it stands) or `?onboarding=refresh` (the link expired: ask for a new one and go on). Either
 * way the query string is cleaned, so a reload does neither again.
 */
export function useOnboardingReturn(onboarding: "return" | "refresh" | undefined, clean: () => void) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const start = useStartOnboarding();
  const refresh = useMutation(
    trpc.payouts.refreshAccount.mutationOptions({
      onSuccess: async (account) => {
        if (account.state === "ready") toast.success(t`Your payout account is ready`, { description: t`Your share of new payments goes straight to it.` });
        else toast(account.nextStep != null ? translateServerMessage(account.nextStep) : t`Your payout account is saved`, { description: t`You can continue onboarding at any time from this page.` });
        await queryClient.invalidateQueries(trpc.payouts.pathFilter());
      },
      onError: (error) => toast.error(t`We couldn't check your payout account`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` }),
    }),
  );
  useEffect(() => {
    if (!onboarding || handled.current) return;
    handled.current = true;
    clean();
    if (onboarding === "return") refresh.mutate();
    else start.mutate();
  }, [onboarding, clean, refresh, start]);
}
