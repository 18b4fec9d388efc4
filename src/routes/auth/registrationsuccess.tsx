import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { AuthShell } from "@/accounts/auth-shell";
import { loadCatalog } from "@/platform/i18n";
import { Button } from "@/ui/button";

export const Route = createFileRoute("/auth/registrationsuccess")({
  component: RegistrationSuccess,
  loader: () => loadCatalog("accounts"),
});

function RegistrationSuccess() {
  const { t } = useLingui();
  return (
    <AuthShell title={t`Registration successful`}>
      <div className="grid justify-items-center gap-4 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-green-600" />
        <p className="text-slate-700">
          <Trans>Your account is ready. Please sign in to explore more.</Trans>
        </p>
        <Button asChild>
          <Link to="/auth/login">
            <Trans>Go to Login</Trans>
          </Link>
        </Button>
      </div>
    </AuthShell>
  );
}
