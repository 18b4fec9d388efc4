import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import type { GoogleConfirmError } from "../../shared/google-sign-in";
import {
  type ConfirmOutcome,
  confirmInThisTab,
  confirmStartUrl,
  newHandoff,
  outcomeFromMessage,
  takeTabOutcome,
} from "./google-confirmation";

/** How often the card looks whether the popup was closed without an answer. */
const POPUP_POLL_MS = 500;

/** The card's text for each reason the confirmation gave no proof. */
const REFUSALS: Record<GoogleConfirmError, MessageDescriptor> = {
  wrong_account: msg`That is not the Google account linked to yours. Confirm with the Google account you sign in with.`,
  not_fresh: msg`Google did not ask for your password again. Please confirm with Google once more.`,
  expired: msg`This Google confirmation has expired or was started in another window. Please try again.`,
  cancelled: msg`Google confirmation was cancelled.`,
  failed: msg`Google confirmation failed. Please try again.`,
  not_configured: msg`Google sign-in is not configured on this server.`,
};

/**
 * "Confirm with Google" on the delete-account card (ADR 0042): a fresh Google sign-in of her linked account stands in
 * for the password. A popup (or, when popups are blocked, this tab) runs Google's sign-in with `prompt=login`; the
 * proof comes back to `onProof`, and a refusal (another Google account, a reused sign-in) to `onRefused` in words.
 */
export function ConfirmWithGoogle({
  disabled,
  onProof,
  onRefused,
}: {
  disabled: boolean;
  onProof: (proof: string) => void;
  onRefused: (message: string | null) => void;
}) {
  const { i18n, t } = useLingui();
  const trpc = useTRPC();
  const start = useMutation(trpc.privacy.deletion.googleStart.mutationOptions({ trpc: { context: { role: "mentee" } } }));
  const [waiting, setWaiting] = useState(false);
  const cleanup = useRef<(() => void) | null>(null);

  const settle = (outcome: ConfirmOutcome) => {
    if ("proof" in outcome) {
      onRefused(null);
      onProof(outcome.proof);
    } else onRefused(i18n._(REFUSALS[outcome.error]));
  };

  // Back from a confirmation that ran in this tab (no popup): its outcome, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the card appears
  useEffect(() => {
    const outcome = takeTabOutcome();
    if (outcome) settle(outcome);
    return () => cleanup.current?.();
  }, []);

  const open = async () => {
    onRefused(null);
    const handoff = newHandoff();
    // Opened at the click (a popup opened after an await is blocked), sent to Google once the ticket is here.
    const popup = window.open("about:blank", "google-confirm", "width=500,height=640");
    let ticket: string;
    try {
      ticket = (await start.mutateAsync()).ticket;
    } catch (failure) {
      popup?.close();
      onRefused(apiError(failure)?.message ?? t`Network issue. Please try again later.`);
      return;
    }
    if (!popup) {
      confirmInThisTab(ticket, handoff);
      return;
    }
    popup.location.href = confirmStartUrl(ticket, handoff);
    setWaiting(true);
    let answered = false;
    const receive = (event: MessageEvent) => {
      const outcome = outcomeFromMessage(event, popup, handoff);
      if (!outcome) return;
      answered = true;
      // Answered: the button is ready again at once (the popup closes itself).
      stop();
      settle(outcome);
    };
    window.addEventListener("message", receive);
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      stop();
      if (!answered) onRefused(i18n._(REFUSALS.cancelled));
    }, POPUP_POLL_MS);
    const stop = () => {
      window.clearInterval(timer);
      window.removeEventListener("message", receive);
      setWaiting(false);
      cleanup.current = null;
    };
    cleanup.current = stop;
  };

  return (
    <div className="grid gap-1.5" data-testid="delete-account-google">
      <p className="text-sm text-slate-700">
        <Trans>Your account is linked to Google. Sign in with Google once more to confirm it is you.</Trans>
      </p>
      <div>
        <Button type="button" variant="outline" disabled={disabled || waiting || start.isPending} onClick={() => void open()}>
          <Trans>Confirm with Google</Trans>
        </Button>
      </div>
    </div>
  );
}
