import { valibotResolver } from "@hookform/resolvers/valibot";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { returnPathFor, takeSignupEmail } from "@/accounts/return-to";
import { apiError } from "@/platform/api-error";
import { AREA_HOME } from "@/platform/areas";
import { applyAccountLocale } from "@/platform/i18n";
import { type Role, writeSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { type LoginInput, loginSchema } from "../../shared/validation/accounts";
import { FormAlert } from "../ui/form-alert";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { SubmitButton } from "../ui/submit-button";

const WRONG_CREDENTIALS = msg`Please verify the entered Email and Password`;
const TRY_LATER = msg`Please try again later`;

/** SPEC §8: mentees get 401 for wrong credentials, mentors and moderators 409; throttling and refusals keep the server's text. */
function loginErrorMessage(i18n: I18n, role: Role, error: unknown): string {
  const answer = apiError(error);
  if (!answer) return i18n._(TRY_LATER);
  if (answer.status === (role === "mentee" ? 401 : 409)) return i18n._(WRONG_CREDENTIALS);
  if (answer.status === 429 || answer.status === 403 || answer.status === 400) return answer.message;
  return i18n._(TRY_LATER);
}

/**
 * E-mail and password sign-in for one account type; on success stores the session and opens the
 * page she came from (`redirect`, when safe and open to this role), else the role's area. A mentee
 * who has just signed up finds her e-mail filled in.
 */
export function LoginForm({ role, redirect }: { role: Role; redirect?: string }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const login = useMutation(trpc.auth.login.mutationOptions());
  const [prefilled] = useState(() => (role === "mentee" ? takeSignupEmail() : ""));
  const form = useForm<LoginInput>({ resolver: valibotResolver(loginSchema), defaultValues: { email: prefilled, password: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login.mutateAsync({ role, email: values.email ?? "", password: values.password ?? "" });
      writeSession(role, {
        id: result.user.id,
        name: result.user.name,
        profileImageUrl: result.user.profileImageUrl,
        accessToken: result.accessToken,
        refreshToken: result.refreshToken,
      });
      applyAccountLocale(result.user.locale);
      // Signing in within the grace period of a deletion she asked for cancelled it (ADR 0042): she is told.
      if ("restored" in result && result.restored) toast.success(t`Your account is restored`);
      const back = returnPathFor(role, redirect);
      if (back) router.history.push(back);
      else await navigate({ to: AREA_HOME[role] });
    } catch (error) {
      setFormError(loginErrorMessage(i18n, role, error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label={t`Email`} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label={t`Password`} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus={prefilled !== ""} {...form.register("password")} />
      </FormField>
      <FormAlert message={formError} />
      <SubmitButton pending={login.isPending}>
        <Trans>Sign in</Trans>
      </SubmitButton>
    </form>
  );
}
