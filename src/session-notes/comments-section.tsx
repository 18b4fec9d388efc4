import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { FormField } from "@/ui/form-field";
import { TextWithLinks } from "@/ui/text-with-links";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/toast";
import { COMMENT_MAX, commentInputSchema } from "../../shared/validation/session-notes";
import type { SessionNotesData } from "./types";
import { useNotesSubmit } from "./use-notes-submit";

/** The comments under the notes, oldest first, and the form to add one (both participants; the other is told). */
export function CommentsSection({ data, zone }: { data: SessionNotesData; zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const other = data.viewer === "mentee" ? data.mentor : data.mentee;
  const otherFirstName = other.firstName;
  const { problem, submit, failed } = useNotesSubmit(
    commentInputSchema,
    () => ({ slotId: data.session.id, body }),
    (valid) => post.mutate(valid),
    t`The comment was not sent. Please check your connection and try again.`,
  );
  const post = useMutation(
    trpc.sessionNotes.comment.mutationOptions({
      onSuccess: async () => {
        setBody("");
        toast.success(t`Comment added`, { description: t`${otherFirstName} was told.` });
        await queryClient.invalidateQueries(trpc.sessionNotes.get.queryFilter({ slotId: data.session.id }));
      },
      onError: failed,
    }),
  );
  const length = body.length;
  return (
    <Card role="region" aria-labelledby="comments-heading">
      <CardContent className="grid gap-4 pt-6">
        <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Comments</Trans>
        </h2>
        {data.comments.length === 0 ? (
          <p className="text-slate-700">
            <Trans>No comments yet. Ask a question or say what you will try first.</Trans>
          </p>
        ) : (
          <ol className="grid gap-3" aria-label={t`Comments`}>
            {data.comments.map((c) => (
              <li key={c.id} className="grid gap-1 rounded-lg border border-slate-200 p-3">
                <p className="text-xs text-slate-600">
                  <span className="font-medium text-slate-900">{c.mine ? t`You` : c.authorName}</span>
                  {c.authorRole === "mentor" && !c.mine ? ` ${t`(mentor)`}` : null} ·{" "}
                  <time dateTime={c.createdAt}>{dateTime(c.createdAt, zone)}</time>
                </p>
                <p className="text-sm text-slate-800">
                  <TextWithLinks text={c.body} />
                </p>
              </li>
            ))}
          </ol>
        )}
        <form onSubmit={submit} className="grid gap-2" noValidate>
          <FormField
            label={t`Add a comment`}
            error={problem ?? undefined}
            hint={t`${length}/${COMMENT_MAX} characters. ${otherFirstName} is told about your comment.`}
          >
            <Textarea rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
          </FormField>
          <div>
            <Button type="submit" disabled={post.isPending}>
              {post.isPending ? <Trans>Posting…</Trans> : <Trans>Post comment</Trans>}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
