import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthShell } from "@/components/auth-shell";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { writeSession } from "@/lib/session";

export const Route = createFileRoute("/auth/mentee/googleauthsuccess")({ component: GoogleAuthSuccess });

/** SPEC §9: the popup closes 1000 ms after storing the session. */
const CLOSE_DELAY_MS = 1000;
export const GOOGLE_SUCCESS_TEXT = "Successfully logged in with Google";

type Outcome = { ok: true } | { ok: false; message: string } | null;

/** Reads the session from the URL fragment once and removes it from the address bar and history at once. */
function takeFragment(): URLSearchParams {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  return params;
}

/**
 * The Google popup's landing page (SPEC §2, §4): stores the mentee session carried in the fragment,
 * says so and closes after 1 s; the opener notices and goes to /mentees. Opened without a popup,
 * it goes to /mentees itself.
 */
function GoogleAuthSuccess() {
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    const params = takeFragment();
    const error = params.get("error");
    const [menteeId, menteeName, accessToken, refreshToken] = ["menteeId", "menteeName", "accessToken", "refreshToken"].map((k) => params.get(k));
    if (error || !menteeId || !accessToken || !refreshToken) {
      setOutcome({ ok: false, message: error ?? "Google sign-in did not complete. Please try again." });
      return;
    }
    writeSession("mentee", { id: menteeId, name: menteeName ?? "", profileImageUrl: params.get("profileImageUrl") ?? "", accessToken, refreshToken });
    setOutcome({ ok: true });
    const timer = window.setTimeout(() => {
      if (window.opener) window.close();
      else window.location.assign("/mentees");
    }, CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <AuthShell title="Sign in with Google" description="">
      {outcome?.ok ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {GOOGLE_SUCCESS_TEXT}
        </p>
      ) : null}
      {outcome && !outcome.ok ? (
        <div className="grid gap-3">
          <FormAlert message={outcome.message} />
          <Button type="button" variant="outline" onClick={() => (window.opener ? window.close() : window.location.assign("/auth/login?mentees"))}>
            {window.opener ? "Close" : "Back to sign in"}
          </Button>
        </div>
      ) : null}
    </AuthShell>
  );
}
