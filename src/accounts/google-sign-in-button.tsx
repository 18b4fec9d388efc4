import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useId, useState } from "react";
import { newHandoff, sessionFromMessage, startInThisTab, startUrl, storeGoogleSession } from "@/accounts/google-sign-in";
import { returnPathFor } from "@/accounts/return-to";
import { readSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";

/** SPEC §4, §9: the opener checks the popup every 500 ms. */
const POPUP_POLL_MS = 500;

/**
 * "Sign in with Google" opens a popup with a one-time value this page keeps; the popup hands the
 * session back by `postMessage` and this page stores it only when the value matches.
 * When the popup closes, the user goes back to the page she came from (`redirect`), else /mentees.
 * On the sign-up page the same flow reads "Sign up with Google": Google's callback creates her account
 * when none has her verified e-mail (SPEC §1: mentees register or sign in with a third-party account).
 * Without a popup (blocked), the same flow runs in this window and the return-to travels with it.
 */
export function GoogleSignIn({ redirect, signUp = false }: { redirect?: string; signUp?: boolean }) {
  const hintId = useId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const router = useRouter();
  const options = useQuery(trpc.auth.signInOptions.queryOptions(undefined, { staleTime: Infinity }));
  const available = options.data?.google === true;
  const [waiting, setWaiting] = useState(false);

  const open = () => {
    const handoff = newHandoff();
    const popup = window.open(startUrl(handoff), "google-sign-in", "width=500,height=640");
    if (!popup) {
      startInThisTab(handoff, returnPathFor("mentee", redirect));
      return;
    }
    setWaiting(true);
    const receive = (event: MessageEvent) => {
      const session = sessionFromMessage(event, popup, handoff);
      if (session) storeGoogleSession(session);
    };
    window.addEventListener("message", receive);
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      window.removeEventListener("message", receive);
      setWaiting(false);
      // Closed without signing in (cancelled or refused): stay here.
      if (!readSession("mentee")) return;
      const back = returnPathFor("mentee", redirect);
      // From the sign-in or sign-up page she goes on; anywhere else the page she is on is drawn again, signed in.
      if (window.location.pathname === "/auth/login" || window.location.pathname === "/auth/mentee-register") {
        if (back) router.history.push(back);
        else void navigate({ to: "/mentees" });
      } else window.location.reload();
    }, POPUP_POLL_MS);
  };

  return (
    <div className="mt-4 grid gap-1.5">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={!available || waiting}
        aria-describedby={available ? undefined : hintId}
        onClick={open}
      >
        {signUp ? <Trans>Sign up with Google</Trans> : <Trans>Sign in with Google</Trans>}
      </Button>
      {options.isSuccess && !available ? (
        <p id={hintId} className="text-xs text-slate-500">
          <Trans>Google sign-in is not configured on this server</Trans>
        </p>
      ) : null}
    </div>
  );
}
