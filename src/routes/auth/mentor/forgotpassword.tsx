import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "@/accounts/forgot-password-form";
import { redirectSignedInUser } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";

export const Route = createFileRoute("/auth/mentor/forgotpassword")({
  beforeLoad: redirectSignedInUser,
  component: () => <ForgotPasswordPage role="mentor" />,
  loader: () => loadCatalog("accounts"),
});
