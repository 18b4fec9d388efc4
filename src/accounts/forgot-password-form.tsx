import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRedirectAfter } from "@/accounts/use-redirect-after";
import { apiError } from "@/platform/api-error";
import { LOGIN_SEARCH } from "@/platform/areas";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import {
  type RequestCodeInput,
  type ResetPasswordInput,
  requestCodeSchema,
  resetPasswordSchema,
} from "../../shared/validation/password-reset";
import { FormAlert } from "../ui/form-alert";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { SubmitButton } from "../ui/submit-button";
import { AuthShell } from "./auth-shell";

/** SPEC §8 / §9: the reset success text and the delay before the sign-in page. */
export const RESET_SUCCESS = "Password Changed Successfully..!! Please login again";
const REDIRECT_DELAY_MS = 1000;

/**
 * Password reset in two steps (SPEC §2, §4): the e-mail and "Send OTP"; once sent, the code, the new
 * password and its confirmation. The Send OTP button is then hidden; "Send a new code" stays available.
 */
export function ForgotPasswordPage({ role }: { role: "mentee" | "mentor" }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const redirectAfter = useRedirectAfter();
  const failure = (error: unknown) => apiError(error)?.message ?? t`Network issue. Please try again later.`;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const requestCode = useMutation(trpc.password.requestResetCode.mutationOptions());
  const reset = useMutation(trpc.password.resetPassword.mutationOptions());
  const emailForm = useForm<RequestCodeInput>({ resolver: valibotResolver(requestCodeSchema), defaultValues: { email: "" } });
  const resetForm = useForm<ResetPasswordInput>({
    resolver: valibotResolver(resetPasswordSchema),
    defaultValues: { email: "", otp: "", password: "", confirmPassword: "" },
  });

  const sendCode = async (email: string) => {
    setFormError(null);
    try {
      const answer = await requestCode.mutateAsync({ role, email });
      setSentTo(email);
      resetForm.setValue("email", email);
      setNotice(translateServerMessage(answer.message));
    } catch (error) {
      setFormError(failure(error));
    }
  };

  const onSend = emailForm.handleSubmit((values) => sendCode(values.email ?? ""));
  const onReset = resetForm.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await reset.mutateAsync({
        role,
        email: sentTo ?? "",
        otp: values.otp ?? "",
        password: values.password ?? "",
        confirmPassword: values.confirmPassword ?? "",
      });
      toast.success(translateServerMessage(answer.message));
      redirectAfter("/auth/login", REDIRECT_DELAY_MS);
    } catch (error) {
      if (apiError(error)?.details.field === "password") resetForm.setError("password", { type: "server", message: failure(error) });
      else setFormError(failure(error));
    }
  });

  const title = role === "mentee" ? t`Reset your mentee password` : t`Reset your mentor password`;
  return (
    <AuthShell title={title} description={t`We will e-mail you a 6-digit code. Enter it here with your new password.`}>
      <form noValidate onSubmit={onSend} className="grid gap-4">
        <FormField label={t`Email`} error={emailForm.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" readOnly={sentTo !== null} {...emailForm.register("email")} />
        </FormField>
        {sentTo === null ? (
          <SubmitButton pending={requestCode.isPending}>
            <Trans>Send OTP</Trans>
          </SubmitButton>
        ) : null}
      </form>
      {sentTo !== null ? (
        <form noValidate onSubmit={onReset} className="mt-4 grid gap-4">
          {notice ? (
            <p role="status" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
              {notice}
            </p>
          ) : null}
          <FormField label={t`OTP`} error={resetForm.formState.errors.otp?.message}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...resetForm.register("otp")} />
          </FormField>
          <FormField label={t`New password`} error={resetForm.formState.errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...resetForm.register("password")} />
          </FormField>
          <FormField label={t`Confirm Password`} error={resetForm.formState.errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...resetForm.register("confirmPassword")} />
          </FormField>
          <FormAlert message={formError} />
          <SubmitButton pending={reset.isPending}>
            <Trans>Change password</Trans>
          </SubmitButton>
          <button
            type="button"
            className="justify-self-start text-sm font-medium text-indigo-700 underline-offset-4 hover:underline disabled:opacity-50"
            disabled={requestCode.isPending}
            onClick={() => void sendCode(sentTo)}
          >
            <Trans>Send a new code</Trans>
          </button>
        </form>
      ) : (
        <div className="mt-4">
          <FormAlert message={formError} />
        </div>
      )}
      <p className="mt-4 text-sm text-slate-600">
        <Trans>
          Remembered it?{" "}
          <Link to="/auth/login" search={LOGIN_SEARCH[role]} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
