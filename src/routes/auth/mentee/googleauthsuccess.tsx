import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthShell } from "@/components/auth-shell";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { googleErrorText, GOOGLE_INCOMPLETE, HANDOFF_MESSAGE, sameOriginOpener, storeGoogleSession, takeTabHandoff, takeTabReturnTo, type GoogleSession, type HandoffMessage } from "@/lib/google-sign-in";
import { returnPathFor } from "@/lib/return-to";
import { useTRPC } from "@/lib/trpc";

export const Route = createFileRoute("/auth/mentee/googleauthsuccess")({ component: GoogleAuthSuccess });

/** SPEC §9: the popup closes 1000 ms after handing over the session. */
const CLOSE_DELAY_MS = 1000;
export const GOOGLE_SUCCESS_TEXT = "Successfully logged in with Google";

/** A refusal may carry a signed notice (a blocked account): traded for why and how to appeal. */
type Outcome = { ok: true } | { ok: false; message: string; notice?: string } | null;

/** Reads the fragment once and removes it from the address bar and history at once. */
function takeFragment(): URLSearchParams {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  return params;
}

function sessionOf(params: URLSearchParams): GoogleSession | null {
  const [menteeId, menteeName, accessToken, refreshToken] = ["menteeId", "menteeName", "accessToken", "refreshToken"].map((k) => params.get(k));
  if (!menteeId || !accessToken || !refreshToken) return null;
  return { menteeId, menteeName: menteeName ?? "", accessToken, refreshToken, profileImageUrl: params.get("profileImageUrl") ?? "" };
}

/**
 * Hands the session to whoever started this sign-in (issue 20): the sign-in page that opened this
 * popup (it checks the one-time value, then stores the session), or this tab when the flow ran
 * without a popup and the tab still holds the value. The page itself never stores a session from a
 * link, so a link carrying someone else's tokens changes nothing. Errors show fixed texts.
 */
function handOver(params: URLSearchParams): Outcome {
  const error = params.get("error");
  const session = sessionOf(params);
  const handoff = params.get("handoff");
  const notice = error === "blocked" ? (params.get("notice") ?? undefined) : undefined;
  if (error !== null || !session) return { ok: false, message: error !== null ? googleErrorText(error) : GOOGLE_INCOMPLETE, notice };
  if (!handoff) return { ok: false, message: GOOGLE_INCOMPLETE };
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
  return { ok: false, message: GOOGLE_INCOMPLETE };
}

/** The refusal in words; a blocked account's own reason and appeal address when its notice is still good. */
function Refusal({ message, notice }: { message: string; notice?: string }) {
  const trpc = useTRPC();
  const own = useQuery({ ...trpc.auth.blockedNotice.queryOptions({ notice: notice ?? "" }), enabled: Boolean(notice), retry: false, staleTime: Infinity });
  if (notice && own.isPending) return <p role="status" className="text-sm text-slate-600">Checking your account…</p>;
  return <FormAlert message={own.data?.message ?? message} />;
}

/** The Google popup's landing page (SPEC §2, §4): hands over the session, says so and closes after 1 s. */
function GoogleAuthSuccess() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [popup] = useState(() => sameOriginOpener() !== null);

  useEffect(() => {
    const result = handOver(takeFragment());
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
    <AuthShell title="Sign in with Google" description="">
      {outcome?.ok ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {GOOGLE_SUCCESS_TEXT}
        </p>
      ) : null}
      {outcome && !outcome.ok ? (
        <div className="grid gap-3">
          <Refusal message={outcome.message} notice={outcome.notice} />
          <Button type="button" variant="outline" onClick={() => (popup ? window.close() : window.location.assign("/auth/login?mentees"))}>
            {popup ? "Close" : "Back to sign in"}
          </Button>
        </div>
      ) : null}
    </AuthShell>
  );
}
