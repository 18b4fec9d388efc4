import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import type { RouterOutputs } from "@/platform/api-types";
import { fullDateTime } from "@/platform/dates";
import { translateNotice } from "@/platform/i18n/notice-messages";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { AttendanceEvidence, DecideDispute } from "./attendance-dispute";
import { ActionLabel, ListEmpty, ListError, ListLoading, Pager, useErrorToast } from "./list-states";
import { ReasonDialog } from "./reason-dialog";
import { SendDataCopy } from "./send-data-copy";

type Ticket = RouterOutputs["moderation"]["tickets"]["items"][number];
type Person = Ticket["reporter"];

const RESOLVED = {
  blocked: msg`Resolved by blocking`,
  dismissed: msg`Dismissed`,
  outcome_kept: msg`Outcome kept`,
  outcome_changed: msg`Outcome changed`,
} as const;

const ROLE_LABEL = { mentee: msg`Mentee`, mentor: msg`Mentor`, moderator: msg`Moderator` } as const;

/** A person on a ticket, linking to their entry in the mentees or mentors list. */
function PersonLink({ person }: { person: Person }) {
  const { i18n } = useLingui();
  const label = `${person.name} (${i18n._(ROLE_LABEL[person.role])})`;
  if (!person.email || person.role === "moderator") return <span>{label}</span>;
  return (
    <Link
      to={person.role === "mentee" ? "/moderator/mentees-list" : "/moderator/mentors-list"}
      search={{ search: person.email }}
      className="text-indigo-700 underline"
    >
      {label}
    </Link>
  );
}

/** Tickets: open first, then resolved; Block <name> (the accused; of an attendance dispute the one recorded at fault, if any; resolves) or Dismiss with a note. */
export function TicketQueue() {
  const trpc = useTRPC();
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.moderation.tickets.queryOptions({ page }), placeholderData: keepPreviousData });
  useErrorToast(list.isError, t`Error Fetching Tickets`);
  return (
    <section aria-labelledby="tickets-title" className="grid gap-4">
      <h1 id="tickets-title" className="text-2xl font-bold text-slate-900">
        <Trans>Tickets</Trans>
      </h1>
      {list.isPending ? (
        <ListLoading label={t`Loading tickets`} />
      ) : list.isError && !list.data ? (
        <ListError what={t`the tickets`} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <ListEmpty>{t`No tickets yet. Tickets raised by mentees and mentors appear here.`}</ListEmpty>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            <OpenCount open={list.data.open} total={list.data.total} />
          </p>
          <ul className="grid gap-3">
            {list.data.items.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} />
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** "3 open · 12 in all". */
function OpenCount({ open, total }: { open: number; total: number }) {
  return (
    <Trans>
      {open} open · {total} in all
    </Trans>
  );
}

/** How a resolved ticket ended: "Resolved by blocking by Asha Rao on March 5th 2025, 3:04 pm (Asia/Kolkata): note". */
function useResolution(ticket: Ticket): string {
  const { t, i18n } = useLingui();
  let line = i18n._(RESOLVED[ticket.resolution ?? "dismissed"]);
  const who = ticket.resolvedBy;
  if (who) line = t`${line} by ${who}`;
  if (ticket.resolvedAt) {
    const when = fullDateTime(ticket.resolvedAt);
    line = t`${line} on ${when}`;
  }
  return ticket.resolutionNote ? `${line}: ${ticket.resolutionNote}` : line;
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const resolution = useResolution(ticket);
  // An attendance dispute's Block falls on the one the record holds at fault (never the one who came); none when nobody is.
  const atFault = ticket.session?.atFault ?? null;
  const blockable =
    ticket.kind !== "attendance" ? ticket.accused : atFault ? (ticket.reporter.role === atFault ? ticket.reporter : ticket.accused) : null;
  const name = ticket.accused.name;
  const blockName = blockable?.name ?? name;
  const refresh = () => queryClient.invalidateQueries(trpc.moderation.pathFilter());
  const failed = (error: unknown) => toast.error(t`Something went wrong`, { description: apiError(error)?.message });
  const block = useMutation(
    trpc.moderation.blockFromTicket.mutationOptions({
      onSuccess: async () => {
        toast.success(t`User Blocked`, { description: t`${blockName} is signed out everywhere and cannot sign in.` });
        await refresh();
      },
      onError: failed,
    }),
  );
  const dismiss = useMutation(
    trpc.moderation.dismissTicket.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Ticket dismissed`);
        await refresh();
      },
      onError: failed,
    }),
  );
  const open = ticket.status === "open";
  return (
    <Card aria-label={t`Ticket against ${name}`}>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${open ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}
          >
            {open ? t`Open` : t`Resolved`}
          </span>
          {ticket.kind === "attendance" ? (
            <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900">
              <Trans>Attendance dispute</Trans>
            </span>
          ) : null}
          <span className="text-sm text-slate-600">{fullDateTime(ticket.createdAt)}</span>
        </div>
        <dl className="grid gap-2 text-sm [overflow-wrap:anywhere] sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-500">
              <Trans>Reported by</Trans>
            </dt>
            <dd>
              <PersonLink person={ticket.reporter} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">
              <Trans context="the person a ticket is about">About</Trans>
            </dt>
            <dd>
              <PersonLink person={ticket.accused} />
              {ticket.accused.isBlocked ? (
                <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800">
                  <Trans>Blocked</Trans>
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {/* "anywhere", not "break-word": a grid item's width counts a long word (an address, a link) unless it may break. */}
        <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
          {/* A dispute's sentence is the app's own (its date and outcome too): in the reader's language. */}
          {ticket.kind === "attendance" ? translateNotice(ticket.content) : ticket.content}
        </p>
        {ticket.session ? (
          <AttendanceEvidence
            session={ticket.session}
            names={{
              mentee: ticket.reporter.role === "mentee" ? ticket.reporter.name : ticket.accused.name,
              mentor: ticket.reporter.role === "mentor" ? ticket.reporter.name : ticket.accused.name,
            }}
          />
        ) : null}
        {open ? (
          <div className="flex flex-wrap gap-2">
            {ticket.kind === "attendance" ? <DecideDispute ticket={ticket} /> : null}
            {blockable ? (
              <ReasonDialog
                trigger={(openDialog) => (
                  <Button onClick={openDialog} variant="destructive" className="max-w-full">
                    <ActionLabel label={t`Block ${blockName}`} />
                  </Button>
                )}
                title={t`Block ${blockName}?`}
                description={t`They are signed out everywhere at once and cannot sign in; the ticket is resolved.`}
                label={t`Note`}
                optional
                confirmLabel={t`Block ${blockName}`}
                destructive
                onConfirm={(note) => block.mutateAsync({ ticketId: ticket.id, note: note || undefined })}
              />
            ) : null}
            {ticket.kind === "attendance" ? null : (
              <ReasonDialog
                trigger={(openDialog) => (
                  <Button variant="outline" onClick={openDialog}>
                    <Trans>
                      Dismiss <span className="sr-only">the ticket about {name}</span>
                    </Trans>
                  </Button>
                )}
                title={t`Dismiss the ticket about ${name}?`}
                description={t`The ticket is resolved without acting on the account.`}
                label={t`Note`}
                confirmLabel={t`Dismiss`}
                onConfirm={(note) => dismiss.mutateAsync({ ticketId: ticket.id, note })}
              />
            )}
            {ticket.kind === "attendance" ? null : <SendDataCopy ticketId={ticket.id} reporterName={ticket.reporter.name} />}
          </div>
        ) : (
          <p className="text-sm text-slate-600">{resolution}</p>
        )}
      </CardContent>
    </Card>
  );
}
