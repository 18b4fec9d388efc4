import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { FormField } from "@/ui/form-field";
import { TextWithLinks } from "@/ui/text-with-links";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/toast";
import { NOTES_MAX, notesInputSchema } from "../../shared/validation/session-notes";
import type { SessionNotesData } from "./types";
import { useNotesSubmit } from "./use-notes-submit";

/** The notes: the mentor writes and edits them (plain text; links work), the mentee reads them. */
export function NotesSection({ data, zone }: { data: SessionNotesData; zone: string }) {
  const mentor = data.viewer === "mentor";
  const [editing, setEditing] = useState(false);
  const writing = mentor && (editing || !data.notes);
  const mentorName = data.mentor.name;
  const mentorFirstName = data.mentor.firstName;
  const updated = data.notes ? dateTime(data.notes.updatedAt, zone) : "";
  return (
    <Card role="region" aria-labelledby="notes-heading">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
            <Trans>Notes</Trans>
          </h2>
          {mentor && data.notes && !editing ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Trans>Edit notes</Trans>
            </Button>
          ) : null}
        </div>
        {writing ? (
          <NotesForm data={data} onDone={() => setEditing(false)} canCancel={Boolean(data.notes)} />
        ) : data.notes ? (
          <>
            <p className="text-slate-800" data-testid="session-notes-body">
              <TextWithLinks text={data.notes.body} />
            </p>
            <p className="text-xs text-slate-600">
              {mentor ? (
                <Trans>Written by you · updated {updated}</Trans>
              ) : (
                <Trans>
                  Written by {mentorName} · updated {updated}
                </Trans>
              )}
            </p>
          </>
        ) : (
          <p className="text-slate-700">
            <Trans>{mentorFirstName} has not written notes for this session yet. You'll be told when they are here.</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function NotesForm({ data, onDone, canCancel }: { data: SessionNotesData; onDone: () => void; canCancel: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(data.notes?.body ?? "");
  const { problem, submit, failed } = useNotesSubmit(
    notesInputSchema,
    () => ({ slotId: data.session.id, body }),
    (valid) => save.mutate(valid),
    t`The notes were not saved. Please check your connection and try again.`,
  );
  const menteeFirstName = data.mentee.firstName;
  const length = body.length;
  const save = useMutation(
    trpc.sessionNotes.save.mutationOptions({
      onSuccess: async (r) => {
        toast.success(translateServerMessage(r.message));
        onDone();
        await queryClient.invalidateQueries(trpc.sessionNotes.get.queryFilter({ slotId: data.session.id }));
      },
      onError: failed,
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <FormField
        label={t`Notes for ${menteeFirstName}`}
        error={problem ?? undefined}
        hint={
          data.notes
            ? t`${length}/${NOTES_MAX} characters. Plain text; links become clickable. ${menteeFirstName} can read them and comment.`
            : t`${length}/${NOTES_MAX} characters. Plain text; links become clickable. ${menteeFirstName} can read them and comment, and is told when you first save.`
        }
      >
        <Textarea
          rows={10}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          placeholder={t`What you covered, what to do next, links to read…`}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save notes</Trans>}
        </Button>
        {canCancel ? (
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
