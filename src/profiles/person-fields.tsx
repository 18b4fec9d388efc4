import { useLingui } from "@lingui/react/macro";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";

type PersonValues = { firstName?: string; lastName?: string; email?: string; phone?: string; password?: string; confirmpassword?: string };

/** Name, contact and password fields shared by both sign-up forms. */
export function NameAndContactFields<T extends PersonValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PersonValues>;
}) {
  const { t } = useLingui();
  const reg = register as unknown as UseFormRegister<PersonValues>;
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t`First Name`} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...reg("firstName")} />
        </FormField>
        <FormField label={t`Last Name`} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...reg("lastName")} />
        </FormField>
      </div>
      <FormField label={t`Email`} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...reg("email")} />
      </FormField>
      <FormField label={t`Mobile Number`} error={errors.phone?.message} hint={t`10 digits, optionally starting with +91`}>
        <Input type="tel" inputMode="tel" autoComplete="tel" {...reg("phone")} />
      </FormField>
    </>
  );
}

export function PasswordFields<T extends PersonValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PersonValues>;
}) {
  const { t } = useLingui();
  const reg = register as unknown as UseFormRegister<PersonValues>;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label={t`Password`} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...reg("password")} />
      </FormField>
      <FormField label={t`Confirm Password`} error={errors.confirmpassword?.message}>
        <Input type="password" autoComplete="new-password" {...reg("confirmpassword")} />
      </FormField>
    </div>
  );
}
