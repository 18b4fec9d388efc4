import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "@/accounts/forgot-password-form";
import { redirectSignedInUser } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";

export const Route = createFileRoute("/auth/mentee/forgotpassword")({
  beforeLoad: redirectSignedInUser,
  component: () => <ForgotPasswordPage role="mentee" />,
  loader: () => loadCatalog("accounts"),
});
