import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AuthShell } from "@/accounts/auth-shell";
import { apiError } from "@/platform/api-error";
import { AREA_HOME, LOGIN_SEARCH } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { hasRecord } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { FormAlert } from "@/ui/form-alert";

export const Route = createFileRoute("/auth/verify-email")({ component: VerifyEmailPage, loader: () => loadCatalog("accounts") });

const linkClass = "font-medium text-indigo-700 underline-offset-4 hover:underline";

/** Reads the token from the fragment once (it never reaches a server log) and removes it from the address bar. */
function takeToken(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
  if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  return token;
}

/** The page a mailed link opens: confirms the address, or a held mentor re-application. */
function VerifyEmailPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const confirm = useMutation(trpc.email.confirm.mutationOptions());
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate({ token: takeToken() });
  }, [confirm]);

  const failure = confirm.isError ? (apiError(confirm.error)?.message ?? t`Network issue. Please open the link again.`) : null;
  return (
    <AuthShell title={t`Confirm your e-mail address`} description="">
      {confirm.isPending || confirm.isIdle ? (
        <p role="status" className="text-sm text-slate-600">
          <Trans>Confirming…</Trans>
        </p>
      ) : null}
      {confirm.isSuccess ? (
        <div className="grid gap-3">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {translateServerMessage(confirm.data.message)}
          </p>
          {confirm.data.purpose === "verify_email" && hasRecord(confirm.data.role) ? (
            <Link to={AREA_HOME[confirm.data.role]} className={linkClass}>
              <Trans>Continue to MentorLink</Trans>
            </Link>
          ) : confirm.data.purpose === "verify_email" ? (
            <Link to="/auth/login" search={LOGIN_SEARCH[confirm.data.role]} className={linkClass}>
              <Trans>Continue to sign in</Trans>
            </Link>
          ) : (
            <Link to="/" className={linkClass}>
              <Trans>Back to MentorLink</Trans>
            </Link>
          )}
        </div>
      ) : null}
      {failure ? (
        <div className="grid gap-3">
          <FormAlert message={failure} />
          <Link to="/auth/login" className={linkClass}>
            <Trans>Go to sign in</Trans>
          </Link>
        </div>
      ) : null}
    </AuthShell>
  );
}
