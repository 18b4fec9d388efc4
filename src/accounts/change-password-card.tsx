import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { type ChangePasswordInput, changePasswordSchema } from "../../shared/validation/password-reset";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { FormAlert } from "../ui/form-alert";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { SubmitButton } from "../ui/submit-button";

/** Change password from one's profile: the current password is required; other sign-ins end, this one stays. */
export function ChangePasswordCard() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const change = useMutation(trpc.password.change.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: valibotResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await change.mutateAsync({
        currentPassword: values.currentPassword ?? "",
        password: values.password ?? "",
        confirmPassword: values.confirmPassword ?? "",
      });
      form.reset();
      toast.success(translateServerMessage(answer.message));
    } catch (error) {
      const answer = apiError(error);
      const field = answer?.details.field;
      if (answer && (field === "currentPassword" || field === "password"))
        form.setError(field, { type: "server", message: answer.message });
      else setFormError(answer?.message ?? t`Network issue. Please try again later.`);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Password</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Changing it signs you out on your other devices.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t`Current password`} error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
          </FormField>
          <FormField label={t`New password`} error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </FormField>
          <FormField label={t`Confirm new password`} error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          </FormField>
          <FormAlert message={formError} />
          <SubmitButton pending={change.isPending}>
            <Trans>Change password</Trans>
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
