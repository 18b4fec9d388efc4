import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fullDateTime } from "@/lib/dates";
import { useTRPC } from "@/lib/trpc";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import type { AuditSearch } from "@/lib/moderation-search";
import { ListEmpty, ListError, ListLoading, Pager, useErrorToast } from "./list-states";
import { ListToolbar, SELECT_CLASS } from "./list-toolbar";

const AUDIT_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
] as const;

export type { AuditSearch };

const ACTIONS = {
  block: "Blocked",
  unblock: "Unblocked",
  accept_applicant: "Accepted the application of",
  reject_applicant: "Rejected the application of",
  resolve_ticket_block: "Resolved a ticket by blocking",
  dismiss_ticket: "Dismissed a ticket about",
  refund_payment: "Refunded a payment of",
  settle_attendance: "Decided an attendance dispute about",
} as const;

/** The audit log: every moderator action, newest (or oldest) first, filterable by moderator, by one account, and by a person's name or e-mail. */
export function AuditLog({ search, onChange }: { search: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const trpc = useTRPC();
  const page = search.page ?? 1;
  const moderators = useQuery(trpc.moderation.moderators.queryOptions());
  const text = search.search ?? "";
  const sort = search.sort ?? "newest";
  const log = useQuery({
    ...trpc.moderation.audit.queryOptions({ moderatorId: search.moderatorId, targetId: search.targetId, search: text, sort, page }),
    placeholderData: keepPreviousData,
  });
  /** Whose history a `targetId` link (an account's "History") shows, read from the entries. */
  const targetName = search.targetId ? log.data?.items.find((e) => e.target.id === search.targetId)?.target.name : undefined;
  useErrorToast(log.isError, "Error Fetching Audit Log");
  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <h1 id="audit-title" className="text-2xl font-bold text-slate-900">
        Audit Log
      </h1>
      <ListToolbar
        id="audit"
        label="Person (name or e-mail)"
        search={text}
        onSearch={(next) => onChange({ ...search, search: next || undefined, page: undefined })}
        sort={sort}
        sorts={AUDIT_SORTS}
        onSort={(next) => onChange({ ...search, sort: next === "newest" ? undefined : next, page: undefined })}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <label htmlFor="audit-moderator" className="text-sm font-medium text-slate-700">
            Moderator
          </label>
          <select
            id="audit-moderator"
            value={search.moderatorId ?? ""}
            onChange={(e) => onChange({ ...search, moderatorId: e.target.value || undefined, page: undefined })}
            className={SELECT_CLASS}
          >
            <option value="">All moderators</option>
            {moderators.data?.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        {search.targetId ? (
          <p className="flex h-10 items-center gap-2 rounded-md bg-indigo-50 px-3 text-sm text-indigo-900">
            History of {targetName ?? "one account"}
            <button type="button" className="underline" onClick={() => onChange({ ...search, targetId: undefined, page: undefined })}>
              Show everyone
            </button>
          </p>
        ) : null}
        {search.moderatorId || search.targetId || search.search ? (
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
          <p className="text-sm text-slate-600" aria-live="polite">
            {log.data.total} {log.data.total === 1 ? "action" : "actions"}
            {log.isPlaceholderData ? " · loading…" : ""}
          </p>
          <ol className="grid gap-3" aria-busy={log.isPlaceholderData}>
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
