import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthShell } from "@/accounts/auth-shell";
import { GoogleSignIn } from "@/accounts/google-sign-in-button";
import { forgetGuardedPath, guardedPath } from "@/accounts/guarded-path";
import { LoginForm } from "@/accounts/login-form";
import { safeReturnPath, validateRedirectSearch } from "@/accounts/return-to";
import { redirectSignedInUser, roleFromLoginSearch, validateLoginSearch } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import type { Role } from "@/platform/session";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";

export const Route = createFileRoute("/auth/login")({
  validateSearch: (search: Record<string, unknown>) => ({ ...validateLoginSearch(search), ...validateRedirectSearch(search) }),
  beforeLoad: redirectSignedInUser,
  component: LoginPage,
  loader: () => loadCatalog("accounts"),
});

const TABS: { role: Role; label: MessageDescriptor }[] = [
  { role: "mentee", label: msg`Mentees` },
  { role: "mentor", label: msg`Mentors` },
  { role: "moderator", label: msg`Moderator` },
];

const footerLink = "font-medium text-indigo-700 underline-offset-4 hover:underline";

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
