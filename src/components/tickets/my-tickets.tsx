import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import * as v from "valibot";
import { apiError } from "@/lib/api-error";
import { fullDateTime } from "@/lib/dates";
import { useTRPC } from "@/lib/trpc";
import { TICKET_MAX, ticketContentField } from "../../../shared/validation/tickets";
import { ListEmpty, ListError, ListLoading } from "../moderation/list-states";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

type Member = "mentee" | "mentor";
const OTHER: Record<Member, string> = { mentee: "mentor", mentor: "mentee" };

/** `/mentees/tickets` and `/mentors/tickets`: raise a ticket about someone from one's subscriptions, and one's tickets with their status. */
export function MyTickets({ role }: { role: Member }) {
  const trpc = useTRPC();
  const options = { trpc: { context: { role } } } as const;
  const mine = useQuery(trpc.tickets.mine.queryOptions(undefined, options));
  return (
    <section aria-labelledby="tickets-title" className="mx-auto grid max-w-3xl gap-6">
      <h1 id="tickets-title" className="text-2xl font-bold text-slate-900">
        Tickets
      </h1>
      <RaiseTicket role={role} />
      <div className="grid gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Your tickets</h2>
        {mine.isPending ? (
          <ListLoading label="Loading your tickets" rows={2} />
        ) : mine.isError ? (
          <ListError what="your tickets" onRetry={() => void mine.refetch()} />
        ) : mine.data.length === 0 ? (
          <ListEmpty>You have not raised any tickets.</ListEmpty>
        ) : (
          <ul className="grid gap-3">
            {mine.data.map((t) => (
              <li key={t.id}>
                <Card>
                  <CardContent className="grid gap-2 pt-6">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.status === "open" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}>
                        {t.status === "open" ? "Open" : "Resolved"}
                      </span>
                      <span className="font-medium text-slate-900">About {t.accused.name}</span>
                      <span className="text-slate-600">{fullDateTime(t.createdAt)}</span>
                    </div>
                    <p className="whitespace-pre-line break-words text-slate-800">{t.content}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function RaiseTicket({ role }: { role: Member }) {
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
        toast.success("Ticket raised", { description: "A moderator will look into it." });
        setContent("");
        setAccusedId("");
        await queryClient.invalidateQueries(trpc.tickets.mine.pathFilter());
      },
      onError: (error) => toast.error("Something went wrong", { description: apiError(error)?.message }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = v.safeParse(ticketContentField, content);
    const next = { accused: accusedId ? undefined : `Please choose the ${OTHER[role]} the ticket is about`, content: checked.success ? undefined : checked.issues[0].message };
    setErrors(next);
    if (next.accused || next.content) return;
    raise.mutate({ complaint: { accusedId }, content });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Raise a ticket</CardTitle>
        <CardDescription>Tell a moderator about a problem with a {OTHER[role]} you have or had a subscription with.</CardDescription>
      </CardHeader>
      <CardContent>
        {candidates.isPending ? (
          <ListLoading label="Loading whom you can report" rows={1} />
        ) : candidates.isError ? (
          <ListError what={`your ${OTHER[role]}s`} onRetry={() => void candidates.refetch()} />
        ) : candidates.data.length === 0 ? (
          <ListEmpty>{`You can raise a ticket once you have had a subscription with a ${OTHER[role]}.`}</ListEmpty>
        ) : (
          <form noValidate onSubmit={submit} aria-label="Raise a ticket" className="grid gap-4">
            <FormField label={`The ${OTHER[role]}`} error={errors.accused}>
              <select
                value={accusedId}
                onChange={(e) => setAccusedId(e.target.value)}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                <option value="">Choose…</option>
                {candidates.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="What happened" error={errors.content} hint={`10 to ${TICKET_MAX.toLocaleString("en-IN")} characters (${content.trim().length} so far).`}>
              <Textarea value={content} rows={5} maxLength={TICKET_MAX} onChange={(e) => setContent(e.target.value)} />
            </FormField>
            <Button type="submit" disabled={raise.isPending} className="w-fit">
              {raise.isPending ? <Spinner /> : null}
              Raise ticket
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
