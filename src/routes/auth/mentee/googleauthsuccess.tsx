import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthShell } from "@/accounts/auth-shell";
import {
  type GoogleSession,
  HANDOFF_MESSAGE,
  type HandoffMessage,
  sameOriginOpener,
  storeGoogleSession,
  takeTabHandoff,
  takeTabReturnTo,
} from "@/accounts/google-sign-in";
import { returnPathFor } from "@/accounts/return-to";
import { loadCatalog } from "@/platform/i18n";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { handConfirmationOver } from "@/privacy/google-confirmation";
import { Button } from "@/ui/button";
import { FormAlert } from "@/ui/form-alert";
import type { GoogleError } from "../../../../shared/google-sign-in";

export const Route = createFileRoute("/auth/mentee/googleauthsuccess")({
  component: GoogleAuthSuccess,
  loader: () => loadCatalog("accounts"),
});

/** SPEC §9: the popup closes 1000 ms after handing over the session. */
const CLOSE_DELAY_MS = 1000;

/** The texts of the callback's fixed error codes; anything else a link says becomes the generic one (GOOGLE_INCOMPLETE's English). */
const ERROR_TEXT: Record<GoogleError, MessageDescriptor> = {
  not_configured: msg`Google sign-in is not configured on this server. Please sign in with your e-mail and password.`,
  expired: msg`This Google sign-in has expired or was started in another window. Please try again.`,
  cancelled: msg`Google sign-in was cancelled.`,
  failed: msg`Google sign-in failed. Please try again.`,
  unverified: msg`Your Google account's e-mail address is not verified. Verify it with Google, or sign in with your e-mail and password.`,
  blocked: msg`Your account has been blocked by a moderator. Please contact support if you think this is a mistake.`,
};
const INCOMPLETE = msg`Google sign-in did not complete. Please start it again from the sign-in page.`;

function googleErrorText(code: string | null): MessageDescriptor {
  return code !== null && Object.hasOwn(ERROR_TEXT, code) ? ERROR_TEXT[code as GoogleError] : INCOMPLETE;
}

/** A refusal may carry a signed notice (a blocked account): traded for why and how to appeal. */
type Outcome = { ok: true; confirming?: boolean } | { ok: false; message: MessageDescriptor; notice?: string } | null;
const CONFIRM_INCOMPLETE = msg`Google confirmation did not complete. Please start it again from your profile page.`;

/** Reads the fragment once and removes it from the address bar and history at once. */
function takeFragment(): URLSearchParams {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  return params;
}

function sessionOf(params: URLSearchParams): GoogleSession | null {
  const [menteeId, menteeName, accessToken, refreshToken] = ["menteeId", "menteeName", "accessToken", "refreshToken"].map((k) =>
    params.get(k),
  );
  if (!menteeId || !accessToken || !refreshToken) return null;
  return { menteeId, menteeName: menteeName ?? "", accessToken, refreshToken, profileImageUrl: params.get("profileImageUrl") ?? "" };
}

/**
 * Hands the session to whoever started this sign-in: the sign-in page that opened this
 * popup (it checks the one-time value, then stores the session), or this tab when the flow ran
 * without a popup and the tab still holds the value. The page itself never stores a session from a
 * link, so a link carrying someone else's tokens changes nothing. Errors show fixed texts.
 */
function handOver(params: URLSearchParams): Outcome {
  const error = params.get("error");
  const session = sessionOf(params);
  const handoff = params.get("handoff");
  const notice = error === "blocked" ? (params.get("notice") ?? undefined) : undefined;
  if (error !== null || !session) return { ok: false, message: error !== null ? googleErrorText(error) : INCOMPLETE, notice };
  if (!handoff) return { ok: false, message: INCOMPLETE };
  const opener = sameOriginOpener();
  if (opener) {
    const message: HandoffMessage = { type: HANDOFF_MESSAGE, handoff, session };
    opener.postMessage(message, window.location.origin);
    return { ok: true };
  }
  if (takeTabHandoff() === handoff) {
    storeGoogleSession(session);
    return { ok: true };
  }
  return { ok: false, message: INCOMPLETE };
}

/** The refusal in words; a blocked account's own reason and appeal address when its notice is still good. */
function Refusal({ message, notice }: { message: MessageDescriptor; notice?: string }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const own = useQuery({
    ...trpc.auth.blockedNotice.queryOptions({ notice: notice ?? "" }),
    enabled: Boolean(notice),
    retry: false,
    staleTime: Infinity,
  });
  if (notice && own.isPending)
    return (
      <p role="status" className="text-sm text-slate-600">
        <Trans>Checking your account…</Trans>
      </p>
    );
  return <FormAlert message={own.data?.message ? translateServerMessage(own.data.message) : i18n._(message)} />;
}

/** The Google popup's landing page (SPEC §2, §4): hands over the session, says so and closes after 1 s. */
function GoogleAuthSuccess() {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [popup] = useState(() => sameOriginOpener() !== null);

  useEffect(() => {
    const params = takeFragment();
    if (params.get("purpose") === "confirm") {
      // "Confirm with Google" before deleting an account: the card that asked reads the outcome, this page only carries it.
      const { handed, back } = handConfirmationOver(params);
      setOutcome(handed ? { ok: true, confirming: true } : { ok: false, message: CONFIRM_INCOMPLETE });
      if (!handed) return;
      if (popup) window.close();
      else if (back) window.location.assign(back);
      return;
    }
    const result = handOver(params);
    const back = popup ? null : returnPathFor("mentee", takeTabReturnTo());
    setOutcome(result);
    if (!result?.ok) return;
    const timer = window.setTimeout(() => {
      if (popup) window.close();
      else window.location.assign(back ?? "/mentees");
    }, CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [popup]);

  return (
    <AuthShell title={t`Sign in with Google`} description="">
      {outcome?.ok ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {outcome.confirming ? <Trans>Going back to your profile…</Trans> : <Trans>Successfully logged in with Google</Trans>}
        </p>
      ) : null}
      {outcome && !outcome.ok ? (
        <div className="grid gap-3">
          <Refusal message={outcome.message} notice={outcome.notice} />
          <Button type="button" variant="outline" onClick={() => (popup ? window.close() : window.location.assign("/auth/login?mentees"))}>
            {popup ? t`Close` : t`Back to sign in`}
          </Button>
        </div>
      ) : null}
    </AuthShell>
  );
}
