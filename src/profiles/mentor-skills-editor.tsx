import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { SKILL_TOASTS } from "@/profiles/profile-toasts";
import { toast } from "@/ui/toast";
import { splitSkills } from "../../shared/validation/accounts";
import { MAX_SKILLS } from "../../shared/validation/profiles";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";

/** The mentor's skills: add several at once (comma-separated) and delete one at a time. */
export function MentorSkillsEditor({ skills }: { skills: string[] }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  const setSkills = (next: string[]) =>
    queryClient.setQueryData(trpc.mentors.myProfile.queryKey(), (old) => (old ? { ...old, skills: next } : old));
  const reason = (e: unknown) => apiError(e)?.message ?? t`Network Issue, Please try again later`;

  const add = useMutation(
    trpc.mentors.addSkills.mutationOptions({
      onSuccess: (next) => {
        setSkills(next);
        setDraft("");
        toast.success(SKILL_TOASTS.added);
      },
      onError: (e) => {
        setError(reason(e));
        toast.error(SKILL_TOASTS.addFailed, { description: reason(e) });
      },
    }),
  );
  const remove = useMutation(
    trpc.mentors.removeSkill.mutationOptions({
      onSuccess: (next) => {
        setSkills(next);
        toast.success(SKILL_TOASTS.deleted);
      },
      onError: (e) => toast.error(SKILL_TOASTS.deleteFailed, { description: reason(e) }),
    }),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box holds as the form is sent, not the last render's copy of it: a submit that follows the typing
    // closely (a busy phone, a script) must never send the previous attempt's text again.
    const text = String(new FormData(event.currentTarget).get("newSkills") ?? draft);
    if (!splitSkills(text).length) {
      setError(t`Enter at least one skill`);
      return;
    }
    setError(undefined);
    add.mutate({ newSkills: text });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Skills</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Mentees find you by these. Cards show the first 3, your profile the first 4 (at most {MAX_SKILLS}).</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {skills.length ? (
          <ul aria-label={t`Your skills`} className="flex flex-wrap gap-2">
            {skills.map((skill) => {
              const deleting = remove.isPending && remove.variables?.skill === skill;
              return (
                <li key={skill} className="flex items-center gap-1 rounded-full bg-indigo-50 py-1 pl-3 pr-1 text-sm text-indigo-800">
                  {skill}
                  <button
                    type="button"
                    aria-label={t`Delete skill ${skill}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ skill })}
                    className="rounded-full p-1 hover:bg-indigo-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50"
                  >
                    {deleting ? <Spinner className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-slate-600">
            <Trans>No skills yet. Add a few so mentees can find you.</Trans>
          </p>
        )}
        <form noValidate aria-label={t`Add skills`} onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <FormField label={t`New skills`} hint={t`Separate skills with commas, e.g. React, System Design`} error={error}>
              <Input name="newSkills" value={draft} maxLength={400} onChange={(e) => setDraft(e.target.value)} />
            </FormField>
          </div>
          <Button type="submit" className="sm:mt-6" disabled={add.isPending} aria-busy={add.isPending}>
            {add.isPending ? <Spinner /> : null}
            <Trans>Add skills</Trans>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
