import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import * as v from "valibot";
import { TextWithLinks } from "@/components/text-with-links";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { apiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTRPC } from "@/lib/trpc";
import { dateTime } from "@/lib/zoned";
import { NOTES_MAX, notesInputSchema } from "../../../shared/validation/session-notes";
import type { SessionNotesData } from "./types";

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
  const id = useId();
  const [body, setBody] = useState(data.notes?.body ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.sessionNotes.save.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        onDone();
        await queryClient.invalidateQueries(trpc.sessionNotes.get.queryFilter({ slotId: data.session.id }));
      },
      onError: (error) => setProblem(apiError(error)?.message ?? "The notes were not saved. Please check your connection and try again."),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(notesInputSchema, { slotId: data.session.id, body });
    if (!parsed.success) return setProblem(parsed.issues[0].message);
    setProblem(null);
    save.mutate(parsed.output);
  };
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        Notes for {data.mentee.firstName}
      </label>
      <Textarea
        id={id}
        rows={10}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        placeholder="What you covered, what to do next, links to read…"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {body.length}/{NOTES_MAX} characters. Plain text; links become clickable. {data.mentee.firstName} can read them and comment{data.notes ? "" : ", and is told when you first save"}.
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
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
