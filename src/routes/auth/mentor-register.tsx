import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AuthShell } from "@/accounts/auth-shell";
import {
  EMPTY_MENTOR_APPLICATION,
  type MentorApplicationForm,
  mentorApplicationResolver,
  toMentorApplication,
} from "@/accounts/mentor-application-form";
import { useRedirectAfter } from "@/accounts/use-redirect-after";
import { apiError } from "@/platform/api-error";
import { redirectSignedInUser } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { NameAndContactFields, PasswordFields } from "@/profiles/person-fields";
import { FormAlert } from "@/ui/form-alert";
import { FormField } from "@/ui/form-field";
import { Input } from "@/ui/input";
import { SubmitButton } from "@/ui/submit-button";
import { SuccessDialog } from "@/ui/success-dialog";
import { Textarea } from "@/ui/textarea";

export const Route = createFileRoute("/auth/mentor-register")({
  beforeLoad: redirectSignedInUser,
  component: MentorRegister,
  loader: () => loadCatalog("accounts"),
});

const REDIRECT_DELAY_MS = 4000;
const somethingWrong = () => t`Something went wrong..!! Please try Again`;

type Outcome =
  | { kind: "submitted"; confirmByEmail?: string }
  | { kind: "error"; message: string; thenLogin?: boolean; onPassword?: boolean };

/** SPEC §4/§8: 403 without `blocked` means an earlier application is under review, shown as submitted. */
function outcomeOfError(error: unknown): Outcome {
  const answer = apiError(error);
  if (!answer) return { kind: "error", message: somethingWrong() };
  if (answer.status === 403)
    return answer.details.blocked || answer.details.rejected ? { kind: "error", message: answer.message } : { kind: "submitted" };
  if (answer.status === 409) return { kind: "error", message: answer.message, thenLogin: true };
  if (answer.status === 400) return { kind: "error", message: answer.message, onPassword: answer.details.field === "password" };
  return { kind: "error", message: somethingWrong() };
}

function MentorRegister() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const redirectAfter = useRedirectAfter();
  const [submitted, setSubmitted] = useState<Extract<Outcome, { kind: "submitted" }> | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const apply = useMutation(trpc.auth.applyAsMentor.mutationOptions());
  const form = useForm<MentorApplicationForm>({ resolver: mentorApplicationResolver, defaultValues: EMPTY_MENTOR_APPLICATION });
  const { errors } = form.formState;
  const reg = form.register;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let outcome: Outcome;
    try {
      const answer = await apply.mutateAsync(toMentorApplication(values));
      // A rejected applicant's new application waits for the mailed link.
      outcome = answer.confirmByEmail
        ? { kind: "submitted", confirmByEmail: translateServerMessage(answer.message) }
        : { kind: "submitted" };
    } catch (error) {
      outcome = outcomeOfError(error);
    }
    if (outcome.kind === "submitted") {
      setSubmitted(outcome);
      redirectAfter("/", REDIRECT_DELAY_MS);
      return;
    }
    if (outcome.onPassword) form.setError("password", { type: "server", message: outcome.message });
    else setFormError(outcome.message);
    if (outcome.thenLogin) redirectAfter("/auth/login", REDIRECT_DELAY_MS);
  });

  return (
    <AuthShell title={t`Become a Mentor`} description={t`Apply to mentor on the platform. A moderator reviews every application.`} wide>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <NameAndContactFields register={reg} errors={errors} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t`Job Title`} error={errors.jobTitle?.message}>
            <Input autoComplete="organization-title" {...reg("jobTitle")} />
          </FormField>
          <FormField label={t`Firm Name`} error={errors.firmName?.message}>
            <Input autoComplete="organization" {...reg("firmName")} />
          </FormField>
        </div>
        <FormField label={t`Location`} error={errors.location?.message}>
          <Input autoComplete="address-level2" {...reg("location")} />
        </FormField>
        <FormField label={t`Bio`} error={errors.bio?.message}>
          <Textarea rows={4} {...reg("bio")} />
        </FormField>
        <FormField label={t`Educational Qualification`} error={errors.educationalQualification?.message}>
          <Input {...reg("educationalQualification")} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t`Hourly Rate (₹)`} error={errors.hourlyRate?.message}>
            <Input type="number" inputMode="decimal" min={1} step="0.01" {...reg("hourlyRate")} />
          </FormField>
          <FormField
            label={t`Skills (comma separated)`}
            error={errors.skills?.message}
            hint={t`For example: React, System Design, Career Growth`}
          >
            <Input {...reg("skills")} />
          </FormField>
        </div>
        <FormField label={t`Website`} error={errors.website?.message}>
          <Input type="url" autoComplete="url" placeholder="https://" {...reg("website")} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t`Twitter URL`} error={errors.twitterUrl?.message}>
            <Input type="url" placeholder="https://" {...reg("twitterUrl")} />
          </FormField>
          <FormField label={t`LinkedIn URL`} error={errors.linkedInUrl?.message}>
            <Input type="url" placeholder="https://" {...reg("linkedInUrl")} />
          </FormField>
        </div>
        <PasswordFields register={reg} errors={errors} />
        <FormAlert message={formError} />
        <SubmitButton pending={apply.isPending}>
          <Trans>Submit application</Trans>
        </SubmitButton>
      </form>
      <p className="mt-4 text-sm text-slate-600">
        <Trans>
          What we keep about you, why and for how long:{" "}
          <Link to="/privacy" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            Privacy
          </Link>
        </Trans>
      </p>
      <p className="mt-4 text-sm text-slate-600">
        <Trans>
          Looking for a mentor instead?{" "}
          <Link to="/auth/mentee-register" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            Create a mentee account
          </Link>
        </Trans>
      </p>
      <SuccessDialog
        open={submitted !== null}
        title={submitted?.confirmByEmail ? t`Check your e-mail` : t`Successfully Submitted your Application`}
        description={submitted?.confirmByEmail ?? t`Please be patient..!!We will get back to after detail verification`}
        onClose={() => setSubmitted(null)}
      />
    </AuthShell>
  );
}
