import { valibotResolver } from "@hookform/resolvers/valibot";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AuthShell } from "@/accounts/auth-shell";
import { GoogleSignIn } from "@/accounts/google-sign-in-button";
import { rememberSignupEmail, safeReturnPath, validateRedirectSearch } from "@/accounts/return-to";
import { useRedirectAfter } from "@/accounts/use-redirect-after";
import { apiError } from "@/platform/api-error";
import { LOGIN_SEARCH, redirectSignedInUser } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import { useTRPC } from "@/platform/trpc";
import { NameAndContactFields, PasswordFields } from "@/profiles/person-fields";
import { SubmitButton } from "@/ui/submit-button";
import { SuccessDialog } from "@/ui/success-dialog";
import { type MenteeSignup, menteeSignupSchema } from "../../../shared/validation/accounts";

export const Route = createFileRoute("/auth/mentee-register")({
  validateSearch: validateRedirectSearch,
  beforeLoad: redirectSignedInUser,
  component: MenteeRegister,
  loader: () => loadCatalog("accounts"),
});

const REDIRECT_DELAY_MS = 5000;

/** SPEC §8: 409, 403 and 400 keep the server's text; the message goes under Confirm Password, or under the field the server names. */
function signupErrorMessage(error: unknown): string {
  const answer = apiError(error);
  if (!answer) return t`Network Issue, Please try again later`;
  if (answer.status === 409 || answer.status === 403 || answer.status === 400) return answer.message;
  return t`Please try again later`;
}

function MenteeRegister() {
  const { t } = useLingui();
  // The router keeps the raw query beside the validated one: check the return-to again here.
  const redirect = safeReturnPath(Route.useSearch().redirect) ?? undefined;
  const trpc = useTRPC();
  const redirectAfter = useRedirectAfter();
  const [created, setCreated] = useState(false);
  const signup = useMutation(trpc.auth.registerMentee.mutationOptions());
  const form = useForm<MenteeSignup>({
    resolver: valibotResolver(menteeSignupSchema),
    defaultValues: { firstName: "", lastName: "", email: "", phone: "", password: "", confirmpassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signup.mutateAsync(values);
      setCreated(true);
      // SPEC §4: after 5 s she goes on to sign in (as the mentees guard would send her), with her
      // e-mail filled in and the page she came from kept.
      rememberSignupEmail(values.email ?? "");
      redirectAfter("/auth/login", REDIRECT_DELAY_MS, { ...LOGIN_SEARCH.mentee, ...(redirect ? { redirect } : {}) });
    } catch (error) {
      const field = apiError(error)?.details.field === "password" ? "password" : "confirmpassword";
      form.setError(field, { type: "server", message: signupErrorMessage(error) });
    }
  });

  return (
    <AuthShell title={t`Create your mentee account`} description={t`Find mentors, book sessions and grow your career.`} wide>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <NameAndContactFields register={form.register} errors={errors} />
        <PasswordFields register={form.register} errors={errors} />
        <SubmitButton pending={signup.isPending}>
          <Trans>Create account</Trans>
        </SubmitButton>
      </form>
      <GoogleSignIn redirect={redirect} signUp />
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
          Want to share your expertise?{" "}
          <Link to="/auth/mentor-register" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            Apply as a mentor
          </Link>
        </Trans>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        <Trans>
          Already have an account?{" "}
          <Link
            to="/auth/login"
            search={{ mentees: "", ...(redirect ? { redirect } : {}) }}
            className="font-medium text-indigo-700 underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </Trans>
      </p>
      <SuccessDialog
        open={created}
        title={t`Your account has been successfully created.`}
        description={t`You will be redirected to Login page shortly. Please login to explore more..!!`}
        onClose={() => setCreated(false)}
      />
    </AuthShell>
  );
}
