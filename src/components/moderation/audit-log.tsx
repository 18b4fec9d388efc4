import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fullDateTime } from "@/lib/dates";
import { useTRPC } from "@/lib/trpc";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { Input } from "../ui/input";
import { ListEmpty, ListError, ListLoading, Pager, useErrorToast } from "./list-states";

export type AuditSearch = { moderatorId?: string; targetId?: string; page?: number };

const ACTIONS = {
  block: "Blocked",
  unblock: "Unblocked",
  accept_applicant: "Accepted the application of",
  reject_applicant: "Rejected the application of",
  resolve_ticket_block: "Resolved a ticket by blocking",
  dismiss_ticket: "Dismissed a ticket about",
} as const;

/** The audit log: every moderator action, newest first, filterable by moderator and by target. */
export function AuditLog({ search, onChange }: { search: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const trpc = useTRPC();
  const page = search.page ?? 1;
  const moderators = useQuery(trpc.moderation.moderators.queryOptions());
  const log = useQuery({ ...trpc.moderation.audit.queryOptions({ moderatorId: search.moderatorId, targetId: search.targetId, page }), placeholderData: keepPreviousData });
  useErrorToast(log.isError, "Error Fetching Audit Log");
  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <h1 id="audit-title" className="text-2xl font-bold text-slate-900">
        Audit Log
      </h1>
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <div className="grid gap-1.5">
          <label htmlFor="audit-moderator" className="text-sm font-medium text-slate-700">
            Moderator
          </label>
          <select
            id="audit-moderator"
            value={search.moderatorId ?? ""}
            onChange={(e) => onChange({ ...search, moderatorId: e.target.value || undefined, page: undefined })}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <option value="">All moderators</option>
            {moderators.data?.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="audit-target" className="text-sm font-medium text-slate-700">
            Target account id
          </label>
          <Input id="audit-target" value={search.targetId ?? ""} onChange={(e) => onChange({ ...search, targetId: e.target.value.trim() || undefined, page: undefined })} />
        </div>
        {search.moderatorId || search.targetId ? (
          <Button variant="outline" onClick={() => onChange({})}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {log.isPending ? (
        <ListLoading label="Loading the audit log" />
      ) : log.isError && !log.data ? (
        <ListError what="the audit log" onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <ListEmpty>No moderator actions match these filters.</ListEmpty>
      ) : (
        <>
          <ol className="grid gap-3">
            {log.data.items.map((e) => (
              <li key={e.id}>
                <Card>
                  <CardContent className="grid gap-1 pt-6 text-sm">
                    <p className="text-slate-900">
                      <button type="button" className="font-semibold text-indigo-700 underline" onClick={() => onChange({ moderatorId: e.moderator.id })}>
                        {e.moderator.name}
                      </button>{" "}
                      {ACTIONS[e.action]}{" "}
                      <button type="button" className="font-semibold text-indigo-700 underline" onClick={() => onChange({ targetId: e.target.id })}>
                        {e.target.name}
                      </button>{" "}
                      <span className="text-slate-600">({e.target.role})</span>
                    </p>
                    {e.reason ? <p className="break-words text-slate-700">Reason: {e.reason}</p> : null}
                    {Array.isArray(e.details?.subscriptionsSetToEnd) ? (
                      <p className="text-slate-700">{(e.details.subscriptionsSetToEnd as unknown[]).length} subscription(s) set to end at period end</p>
                    ) : null}
                    <p className="text-slate-600">
                      <time dateTime={e.createdAt}>{fullDateTime(e.createdAt)}</time>
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
          <Pager page={log.data.page} pageSize={log.data.pageSize} total={log.data.total} onPage={(p) => onChange({ ...search, page: p })} />
        </>
      )}
    </section>
  );
}
