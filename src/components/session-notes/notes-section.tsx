import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { TextWithLinks } from "@/components/text-with-links";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { useTRPC } from "@/lib/trpc";
import { dateTime } from "@/lib/zoned";
import { NOTES_MAX, notesInputSchema } from "../../../shared/validation/session-notes";
import type { SessionNotesData } from "./types";
import { useNotesSubmit } from "./use-notes-submit";

/** The notes: the mentor writes and edits them (plain text; links work), the mentee reads them. */
export function NotesSection({ data, zone }: { data: SessionNotesData; zone: string }) {
  const mentor = data.viewer === "mentor";
  const [editing, setEditing] = useState(false);
  const writing = mentor && (editing || !data.notes);
  return (
    <Card role="region" aria-labelledby="notes-heading">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
            Notes
          </h2>
          {mentor && data.notes && !editing ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Edit notes
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
              {mentor ? "Written by you" : `Written by ${data.mentor.name}`} · updated {dateTime(data.notes.updatedAt, zone)}
            </p>
          </>
        ) : (
          <p className="text-slate-700">{data.mentor.firstName} has not written notes for this session yet. You'll be told when they are here.</p>
        )}
      </CardContent>
    </Card>
  );
}

function NotesForm({ data, onDone, canCancel }: { data: SessionNotesData; onDone: () => void; canCancel: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(data.notes?.body ?? "");
  const { problem, submit, failed } = useNotesSubmit(notesInputSchema, () => ({ slotId: data.session.id, body }), (valid) => save.mutate(valid), "The notes were not saved. Please check your connection and try again.");
  const save = useMutation(
    trpc.sessionNotes.save.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        onDone();
        await queryClient.invalidateQueries(trpc.sessionNotes.get.queryFilter({ slotId: data.session.id }));
      },
      onError: failed,
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <FormField
        label={`Notes for ${data.mentee.firstName}`}
        error={problem ?? undefined}
        hint={`${body.length}/${NOTES_MAX} characters. Plain text; links become clickable. ${data.mentee.firstName} can read them and comment${data.notes ? "" : ", and is told when you first save"}.`}
      >
        <Textarea rows={10} value={body} onChange={(e) => setBody(e.target.value)} placeholder="What you covered, what to do next, links to read…" />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save notes"}
        </Button>
        {canCancel ? (
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
