import type { RouterOutputs } from "@/lib/api-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { apiError } from "@/lib/api-error";
import { fullDateTime } from "@/lib/dates";
import { useTRPC } from "@/lib/trpc";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { ListEmpty, ListError, ListLoading, Pager, useErrorToast, ActionLabel } from "./list-states";
import { ReasonDialog } from "./reason-dialog";
import { AttendanceEvidence, DecideDispute } from "./attendance-dispute";

type Ticket = RouterOutputs["moderation"]["tickets"]["items"][number];
type Person = Ticket["reporter"];

const RESOLVED = { blocked: "Resolved by blocking", dismissed: "Dismissed", outcome_kept: "Outcome kept", outcome_changed: "Outcome changed" } as const;

const ROLE_LABEL = { mentee: "Mentee", mentor: "Mentor", moderator: "Moderator" } as const;

/** A person on a ticket, linking to their entry in the mentees or mentors list. */
function PersonLink({ person }: { person: Person }) {
  const label = `${person.name} (${ROLE_LABEL[person.role]})`;
  if (!person.email || person.role === "moderator") return <span>{label}</span>;
  return (
    <Link to={person.role === "mentee" ? "/moderator/mentees-list" : "/moderator/mentors-list"} search={{ search: person.email }} className="text-indigo-700 underline">
      {label}
    </Link>
  );
}

/** Tickets: open first, then resolved; Block <accused's name> (blocks the accused, resolves) or Dismiss with a note. */
export function TicketQueue() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.moderation.tickets.queryOptions({ page }), placeholderData: keepPreviousData });
  useErrorToast(list.isError, "Error Fetching Tickets");
  return (
    <section aria-labelledby="tickets-title" className="grid gap-4">
      <h1 id="tickets-title" className="text-2xl font-bold text-slate-900">
        Tickets
      </h1>
      {list.isPending ? (
        <ListLoading label="Loading tickets" />
      ) : list.isError && !list.data ? (
        <ListError what="the tickets" onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <ListEmpty>No tickets yet. Tickets raised by mentees and mentors appear here.</ListEmpty>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {list.data.open} open · {list.data.total} in all
          </p>
          <ul className="grid gap-3">
            {list.data.items.map((t) => (
              <li key={t.id}>
                <TicketCard ticket={t} />
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function TicketCard({ ticket: t }: { ticket: Ticket }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(trpc.moderation.pathFilter());
  const failed = (error: unknown) => toast.error("Something went wrong", { description: apiError(error)?.message });
  const block = useMutation(
    trpc.moderation.blockFromTicket.mutationOptions({
      onSuccess: async () => {
        toast.success("User Blocked", { description: `${t.accused.name} is signed out everywhere and cannot sign in.` });
        await refresh();
      },
      onError: failed,
    }),
  );
  const dismiss = useMutation(
    trpc.moderation.dismissTicket.mutationOptions({
      onSuccess: async () => {
        toast.success("Ticket dismissed");
        await refresh();
      },
      onError: failed,
    }),
  );
  const open = t.status === "open";
  return (
    <Card aria-label={`Ticket against ${t.accused.name}`}>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${open ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}>{open ? "Open" : "Resolved"}</span>
          {t.kind === "attendance" ? <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900">Attendance dispute</span> : null}
          <span className="text-sm text-slate-600">{fullDateTime(t.createdAt)}</span>
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-500">Reported by</dt>
            <dd>
              <PersonLink person={t.reporter} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">About</dt>
            <dd>
              <PersonLink person={t.accused} />
              {t.accused.isBlocked ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800">Blocked</span> : null}
            </dd>
          </div>
        </dl>
        <p className="whitespace-pre-line break-words text-slate-900">{t.content}</p>
        {t.session ? (
          <AttendanceEvidence
            session={t.session}
            names={{ mentee: t.reporter.role === "mentee" ? t.reporter.name : t.accused.name, mentor: t.reporter.role === "mentor" ? t.reporter.name : t.accused.name }}
          />
        ) : null}
        {open ? (
          <div className="flex flex-wrap gap-2">
            {t.kind === "attendance" ? <DecideDispute ticket={t} /> : null}
            <ReasonDialog
              trigger={(openDialog) => (
                <Button onClick={openDialog} variant="destructive" className="max-w-full">
                  <ActionLabel verb="Block" name={t.accused.name} />
                </Button>
              )}
              title={`Block ${t.accused.name}?`}
              description="They are signed out everywhere at once and cannot sign in; the ticket is resolved."
              label="Note"
              optional
              confirmLabel={`Block ${t.accused.name}`}
              destructive
              onConfirm={(note) => block.mutateAsync({ ticketId: t.id, note: note || undefined })}
            />
            {t.kind === "attendance" ? null : (
              <ReasonDialog
                trigger={(openDialog) => (
                  <Button variant="outline" onClick={openDialog}>
                    Dismiss <span className="sr-only">the ticket about {t.accused.name}</span>
                  </Button>
                )}
                title={`Dismiss the ticket about ${t.accused.name}?`}
                description="The ticket is resolved without acting on the account."
                label="Note"
                confirmLabel="Dismiss"
                onConfirm={(note) => dismiss.mutateAsync({ ticketId: t.id, note })}
              />
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {RESOLVED[t.resolution ?? "dismissed"]}
            {t.resolvedBy ? ` by ${t.resolvedBy}` : ""}
            {t.resolvedAt ? ` on ${fullDateTime(t.resolvedAt)}` : ""}
            {t.resolutionNote ? `: ${t.resolutionNote}` : ""}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
