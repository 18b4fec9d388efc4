import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/toast";
import { agendaEditSchema, MAX_AGENDA } from "../../../shared/validation/session-notes";

/** The agenda's form on her booking card (ADR 0026): saved for the mentor, who is told; empty removes it. */
export default function AgendaForm({
  slotId,
  agenda,
  mentorFirstName,
  onDone,
}: {
  slotId: string;
  agenda: string | null;
  mentorFirstName: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(agenda ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.scheduling.setAgenda.mutationOptions({
      onSuccess: async (r) => {
        toast.success(translateServerMessage(r.message), { description: r.agenda ? t`${mentorFirstName} can read it now.` : undefined });
        onDone();
        await Promise.all([
          queryClient.invalidateQueries(trpc.scheduling.pathFilter()),
          queryClient.invalidateQueries(trpc.mentees.home.pathFilter()),
        ]);
      },
      onError: (error) => setProblem(apiError(error)?.message ?? t`The agenda was not saved. Please check your connection and try again.`),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(agendaEditSchema, { slotId, agenda: text });
    if (!parsed.success) return setProblem(translateServerMessage(parsed.issues[0].message));
    setProblem(null);
    save.mutate(parsed.output);
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} className="grid gap-2" aria-label={t`Agenda`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        <Trans>Agenda: what would you like to discuss?</Trans>
      </label>
      <Textarea
        id={id}
        rows={4}
        value={text}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        placeholder={t`A topic, a question, a link to your work…`}
      />
      <p id={hintId} className="text-xs text-slate-600">
        <Trans>
          {text.length}/{MAX_AGENDA} characters. Links become clickable. {mentorFirstName} is told when you save.
        </Trans>
      </p>
      {problem ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save agenda</Trans>}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={save.isPending}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
