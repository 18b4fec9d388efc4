import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { dateTime } from "@/platform/zoned";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { TextWithLinks } from "@/ui/text-with-links";
import { CommentsSection } from "./comments-section";
import { NotesSection } from "./notes-section";

const BACK = {
  mentee: { to: "/mentees/booked-slots", label: msg`Back to booked slots` },
  mentor: { to: "/mentors", label: msg`Back to the dashboard` },
} as const;

/**
 * The shared notes page of a completed session (ADR 0026), the same for both participants: the
 * session and its agenda, the mentor's notes (he writes and edits them, she reads them) and the
 * comments both of them add. Anyone else reads "not found"; before the session is completed, when
 * notes open.
 */
export function SessionNotesPage({ slotId, viewer }: { slotId: string; viewer: "mentee" | "mentor" }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const zone = useMyZone();
  // A push about new notes or a comment refreshes the bell; the page looks again every half minute and on focus.
  const page = useQuery({
    ...trpc.sessionNotes.get.queryOptions({ slotId }),
    refetchInterval: 30_000,
    retry: (count, error) => (apiError(error)?.status ?? 500) >= 500 && count < 2,
  });
  const back = BACK[viewer];
  const backLink = (
    <p>
      <Link to={back.to} className="font-medium text-indigo-700 underline">
        {i18n._(back.label)}
      </Link>
    </p>
  );

  if (page.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label={t`Loading the session notes`}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (page.isError) {
    const error = apiError(page.error);
    if (error && (error.status === 404 || error.status === 409)) {
      return (
        <section aria-labelledby="notes-title" className="grid max-w-2xl gap-3">
          <h1 id="notes-title" className="text-2xl font-bold text-slate-900">
            {error.status === 404 ? <Trans>Session not found</Trans> : <Trans>No notes yet</Trans>}
          </h1>
          <p className="text-slate-700">{error.message}</p>
          {backLink}
        </section>
      );
    }
    return <LoadError what={t`the session notes`} onRetry={() => void page.refetch()} />;
  }

  const data = page.data;
  const other = viewer === "mentee" ? data.mentor : data.mentee;
  const otherName = other.name;
  const when = dateTime(data.session.start, zone);
  return (
    <section aria-labelledby="notes-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 id="notes-title" className="text-2xl font-bold text-slate-900">
          <Trans>Session notes</Trans>
        </h1>
        <p className="text-slate-700">
          {data.session.type === "trial" ? (
            <Trans>
              Free intro call with {otherName} · {when}
            </Trans>
          ) : (
            <Trans>
              Session with {otherName} · {when}
            </Trans>
          )}
        </p>
        {data.session.title ? <p className="text-sm text-slate-600">{data.session.title}</p> : null}
      </div>
      {data.session.agenda ? (
        <Card>
          <CardContent className="grid gap-1 pt-6 text-sm">
            <h2 className="font-semibold text-slate-900">
              <Trans>Agenda</Trans>
            </h2>
            <p className="text-slate-700">
              <TextWithLinks text={data.session.agenda} />
            </p>
          </CardContent>
        </Card>
      ) : null}
      <NotesSection data={data} zone={zone} />
      <CommentsSection data={data} zone={zone} />
      {backLink}
    </section>
  );
}
