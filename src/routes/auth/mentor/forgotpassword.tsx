import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "@/accounts/forgot-password-form";
import { redirectSignedInUser } from "@/platform/areas";

export const Route = createFileRoute("/auth/mentor/forgotpassword")({
  beforeLoad: redirectSignedInUser,
  component: () => <ForgotPasswordPage role="mentor" />,
});
