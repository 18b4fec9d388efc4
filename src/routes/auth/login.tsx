import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { AuthShell } from "@/accounts/auth-shell";
import { newHandoff, sessionFromMessage, startInThisTab, startUrl, storeGoogleSession } from "@/accounts/google-sign-in";
import { forgetGuardedPath, guardedPath } from "@/accounts/guarded-path";
import { LoginForm } from "@/accounts/login-form";
import { returnPathFor, safeReturnPath, validateRedirectSearch } from "@/accounts/return-to";
import { redirectSignedInUser, roleFromLoginSearch, validateLoginSearch } from "@/platform/areas";
import { type Role, readSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";

export const Route = createFileRoute("/auth/login")({
  validateSearch: (search: Record<string, unknown>) => ({ ...validateLoginSearch(search), ...validateRedirectSearch(search) }),
  beforeLoad: redirectSignedInUser,
  component: LoginPage,
});

const TABS: { role: Role; label: MessageDescriptor }[] = [
  { role: "mentee", label: msg`Mentees` },
  { role: "mentor", label: msg`Mentors` },
  { role: "moderator", label: msg`Moderator` },
];

const footerLink = "font-medium text-indigo-700 underline-offset-4 hover:underline";

/** SPEC §4, §9: the opener checks the popup every 500 ms. */
const POPUP_POLL_MS = 500;

/**
 * "Sign in with Google" opens a popup with a one-time value this page keeps; the popup hands the
 * session back by `postMessage` and this page stores it only when the value matches.
 * When the popup closes, the user goes back to the page she came from (`redirect`), else /mentees.
 * Without a popup (blocked), the same flow runs in this window and the return-to travels with it.
 */
function GoogleSignIn({ redirect }: { redirect?: string }) {
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
      if (window.location.pathname === "/auth/login") {
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
        <Trans>Sign in with Google</Trans>
      </Button>
      {options.isSuccess && !available ? (
        <p id={hintId} className="text-xs text-slate-500">
          <Trans>Google sign-in is not configured on this server</Trans>
        </p>
      ) : null}
    </div>
  );
}

function ForgotPassword({ role }: { role: "mentee" | "mentor" }) {
  return (
    <p className="mt-3 text-sm">
      <Link to={role === "mentee" ? "/auth/mentee/forgotpassword" : "/auth/mentor/forgotpassword"} className={footerLink}>
        <Trans>Forgot password?</Trans>
      </Link>
    </p>
  );
}

function LoginPage() {
  const { i18n, t } = useLingui();
  const search = Route.useSearch();
  // The router keeps the raw query beside the validated one: check the return-to again where it is used.
  // Without one, the deep link an area guard turned away (kept beside SPEC §2's exact URL) is the return-to, used once.
  const [guarded] = useState(guardedPath);
  useEffect(forgetGuardedPath, []);
  const redirect = safeReturnPath(search.redirect) ?? guarded;
  const [role, setRole] = useState<Role>(() => roleFromLoginSearch(search));

  return (
    <AuthShell title={t`Sign in`} description={t`Choose your account type and sign in with your e-mail and password.`}>
      <Tabs value={role} onValueChange={(value) => setRole(value as Role)}>
        <TabsList aria-label={t`Account type`}>
          {TABS.map((tab) => (
            <TabsTrigger key={tab.role} value={tab.role}>
              {i18n._(tab.label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.role} value={tab.role}>
            <LoginForm role={tab.role} redirect={redirect} />
            {tab.role !== "moderator" ? <ForgotPassword role={tab.role} /> : null}
            {tab.role === "mentee" ? <GoogleSignIn redirect={redirect} /> : null}
            {tab.role === "mentee" ? (
              <p className="mt-4 text-sm text-slate-600">
                <Trans>
                  New here?{" "}
                  <Link to="/auth/mentee-register" search={redirect ? { redirect } : {}} className={footerLink}>
                    Create a mentee account
                  </Link>
                </Trans>
              </p>
            ) : null}
            {tab.role === "mentor" ? (
              <p className="mt-4 text-sm text-slate-600">
                <Trans>
                  Want to mentor?{" "}
                  <Link to="/auth/mentor-register" className={footerLink}>
                    Apply as a mentor
                  </Link>
                </Trans>
              </p>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </AuthShell>
  );
}
