import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";

/**
 * Stripe sends the mentor back with `?onboarding=return` (done or left) or `?onboarding=refresh`
 * (the link expired). Either way his account is only read from Stripe once and where it stands is
 * said; nothing is started from the address, since anyone can link here (ADR 0030): a new
 * onboarding link is the page's own button ("Continue onboarding"), pressed by him. The query
 * string is cleaned, so a reload does not read again.
 */
export function useOnboardingReturn(onboarding: "return" | "refresh" | undefined, clean: () => void) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const expired = useRef(false);
  const refresh = useMutation(
    trpc.payouts.refreshAccount.mutationOptions({
      onSuccess: async (account) => {
        if (account.state === "ready")
          toast.success(t`Your payout account is ready`, { description: t`Your share of new payments goes straight to it.` });
        else if (expired.current)
          toast(t`Stripe's onboarding link has expired`, {
            description: t`Use the button on this page to go on with Stripe when you are ready.`,
          });
        else
          toast(account.nextStep != null ? translateServerMessage(account.nextStep) : t`Your payout account is saved`, {
            description: t`You can continue onboarding at any time from this page.`,
          });
        await queryClient.invalidateQueries(trpc.payouts.pathFilter());
      },
      onError: (error) =>
        toast.error(t`We couldn't check your payout account`, {
          description: apiError(error)?.message ?? t`Please check your connection and try again.`,
        }),
    }),
  );
  useEffect(() => {
    if (!onboarding || handled.current) return;
    handled.current = true;
    clean();
    expired.current = onboarding === "refresh";
    refresh.mutate();
  }, [onboarding, clean, refresh]);
}
