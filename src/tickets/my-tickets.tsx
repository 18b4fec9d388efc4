import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { apiError } from "@/platform/api-error";
import { fullDateTime } from "@/platform/dates";
import { translateNotice } from "@/platform/i18n/notice-messages";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { TICKET_MAX, ticketContentField } from "../../shared/validation/tickets";
import { ListEmpty, ListError, ListLoading } from "../moderation/list-states";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

type Member = "mentee" | "mentor";

/** `/mentees/tickets` and `/mentors/tickets`: raise a ticket about someone from one's subscriptions, and one's tickets with their status. */
export function MyTickets({ role }: { role: Member }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const options = { trpc: { context: { role } } } as const;
  const mine = useQuery(trpc.tickets.mine.queryOptions(undefined, options));
  return (
    <section aria-labelledby="tickets-title" className="mx-auto grid max-w-3xl gap-6">
      <h1 id="tickets-title" className="text-2xl font-bold text-slate-900">
        <Trans>Tickets</Trans>
      </h1>
      <RaiseTicket role={role} />
      <div className="grid gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>Your tickets</Trans>
        </h2>
        {mine.isPending ? (
          <ListLoading label={t`Loading your tickets`} rows={2} />
        ) : mine.isError ? (
          <ListError what={t`your tickets`} onRetry={() => void mine.refetch()} />
        ) : mine.data.length === 0 ? (
          <ListEmpty>{t`You have not raised any tickets.`}</ListEmpty>
        ) : (
          <ul className="grid gap-3">
            {mine.data.map((ticket) => {
              const accusedName = ticket.accused.name;
              return (
                <li key={ticket.id}>
                  <Card>
                    <CardContent className="grid gap-2 pt-6">
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-medium ${ticket.status === "open" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}
                        >
                          {ticket.status === "open" ? <Trans>Open</Trans> : <Trans>Resolved</Trans>}
                        </span>
                        <span className="font-medium text-slate-900">
                          <Trans>About {accusedName}</Trans>
                        </span>
                        <span className="text-slate-600">{fullDateTime(ticket.createdAt)}</span>
                      </div>
                      <p className="whitespace-pre-line break-words text-slate-800">
                        {/* A dispute's sentence is the app's own (its date and outcome too): in the reader's language. */}
                        {ticket.kind === "attendance" ? translateNotice(ticket.content) : ticket.content}
                      </p>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

function RaiseTicket({ role }: { role: Member }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = { trpc: { context: { role } } } as const;
  const candidates = useQuery(trpc.tickets.candidates.queryOptions(undefined, options));
  const [accusedId, setAccusedId] = useState("");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<{ accused?: string; content?: string }>({});
  const raise = useMutation(
    trpc.tickets.raise.mutationOptions({
      ...options,
      onSuccess: async () => {
        toast.success(t`Ticket raised`, { description: t`A moderator will look into it.` });
        setContent("");
        setAccusedId("");
        await queryClient.invalidateQueries(trpc.tickets.mine.pathFilter());
      },
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = v.safeParse(ticketContentField, content);
    const chooseOther =
      role === "mentee" ? t`Please choose the mentor the ticket is about` : t`Please choose the mentee the ticket is about`;
    const next = {
      accused: accusedId ? undefined : chooseOther,
      content: checked.success ? undefined : translateServerMessage(checked.issues[0].message),
    };
    setErrors(next);
    if (next.accused || next.content) return;
    raise.mutate({ complaint: { accusedId }, content });
  };

  const max = TICKET_MAX.toLocaleString("en-IN");
  const soFar = content.trim().length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Raise a ticket</Trans>
        </CardTitle>
        <CardDescription>
          {role === "mentee" ? (
            <Trans>Tell a moderator about a problem with a mentor you have or had a subscription with.</Trans>
          ) : (
            <Trans>Tell a moderator about a problem with a mentee you have or had a subscription with.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {candidates.isPending ? (
          <ListLoading label={t`Loading whom you can report`} rows={1} />
        ) : candidates.isError ? (
          <ListError what={role === "mentee" ? t`your mentors` : t`your mentees`} onRetry={() => void candidates.refetch()} />
        ) : candidates.data.length === 0 ? (
          <ListEmpty>
            {role === "mentee"
              ? t`You can raise a ticket once you have had a subscription with a mentor.`
              : t`You can raise a ticket once you have had a subscription with a mentee.`}
          </ListEmpty>
        ) : (
          <form noValidate onSubmit={submit} aria-label={t`Raise a ticket`} className="grid gap-4">
            <FormField label={role === "mentee" ? t`The mentor` : t`The mentee`} error={errors.accused}>
              <select
                value={accusedId}
                onChange={(e) => setAccusedId(e.target.value)}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                <option value="">{t`Choose…`}</option>
                {candidates.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t`What happened`} error={errors.content} hint={t`10 to ${max} characters (${soFar} so far).`}>
              <Textarea value={content} rows={5} maxLength={TICKET_MAX} onChange={(e) => setContent(e.target.value)} />
            </FormField>
            <Button type="submit" disabled={raise.isPending} className="w-fit">
              {raise.isPending ? <Spinner /> : null}
              <Trans>Raise ticket</Trans>
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
