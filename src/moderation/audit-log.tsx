import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans as TransMessage } from "@lingui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditSearch } from "@/moderation/moderation-search";
import { fullDateTime } from "@/platform/dates";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { ListEmpty, ListError, ListLoading, Pager, useErrorToast } from "./list-states";
import { ListToolbar, SELECT_CLASS } from "./list-toolbar";

const AUDIT_SORTS = [
  { value: "newest", label: msg`Newest first` },
  { value: "oldest", label: msg`Oldest first` },
] as const;

export type { AuditSearch };

/** An entry as a sentence: <0> is the moderator, <1> the account acted on (each a button that filters by them). */
const ACTIONS = {
  block: msg({ message: "<0>{moderator}</0> Blocked <1>{target}</1>" }),
  unblock: msg({ message: "<0>{moderator}</0> Unblocked <1>{target}</1>" }),
  accept_applicant: msg({ message: "<0>{moderator}</0> Accepted the application of <1>{target}</1>" }),
  reject_applicant: msg({ message: "<0>{moderator}</0> Rejected the application of <1>{target}</1>" }),
  resolve_ticket_block: msg({ message: "<0>{moderator}</0> Resolved a ticket by blocking <1>{target}</1>" }),
  dismiss_ticket: msg({ message: "<0>{moderator}</0> Dismissed a ticket about <1>{target}</1>" }),
  refund_payment: msg({ message: "<0>{moderator}</0> Refunded a payment of <1>{target}</1>" }),
  settle_attendance: msg({ message: "<0>{moderator}</0> Decided an attendance dispute about <1>{target}</1>" }),
  replay_parked_work: msg({ message: "<0>{moderator}</0> Sent parked background work again for <1>{target}</1>" }),
  produce_data_export: msg({ message: "<0>{moderator}</0> Had a copy of their data prepared for <1>{target}</1>, who asked by ticket" }),
  pause_account_deletion: msg({ message: "<0>{moderator}</0> Paused the account deletion of <1>{target}</1>" }),
  resume_account_deletion: msg({ message: "<0>{moderator}</0> Let the account deletion of <1>{target}</1> go on" }),
} as const satisfies Record<string, MessageDescriptor>;

const ROLES: Record<string, MessageDescriptor> = { mentee: msg`mentee`, mentor: msg`mentor`, moderator: msg`moderator` };

/** The audit log: every moderator action, newest (or oldest) first, filterable by moderator, by one account, and by a person's name or e-mail. */
export function AuditLog({ search, onChange }: { search: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const trpc = useTRPC();
  const { t, i18n } = useLingui();
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
  useErrorToast(log.isError, t`Error Fetching Audit Log`);
  const whose = targetName ? translateServerMessage(targetName) : t`one account`;
  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <h1 id="audit-title" className="text-2xl font-bold text-slate-900">
        <Trans>Audit Log</Trans>
      </h1>
      <ListToolbar
        id="audit"
        label={t`Person (name or e-mail)`}
        search={text}
        onSearch={(next) => onChange({ ...search, search: next || undefined, page: undefined })}
        sort={sort}
        sorts={AUDIT_SORTS}
        onSort={(next) => onChange({ ...search, sort: next === "newest" ? undefined : next, page: undefined })}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <label htmlFor="audit-moderator" className="text-sm font-medium text-slate-700">
            <Trans>Moderator</Trans>
          </label>
          <select
            id="audit-moderator"
            value={search.moderatorId ?? ""}
            onChange={(e) => onChange({ ...search, moderatorId: e.target.value || undefined, page: undefined })}
            className={SELECT_CLASS}
          >
            <option value="">{t`All moderators`}</option>
            {moderators.data?.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        {search.targetId ? (
          <p className="flex h-10 items-center gap-2 rounded-md bg-indigo-50 px-3 text-sm text-indigo-900">
            <Trans>History of {whose}</Trans>
            <button type="button" className="underline" onClick={() => onChange({ ...search, targetId: undefined, page: undefined })}>
              <Trans>Show everyone</Trans>
            </button>
          </p>
        ) : null}
        {search.moderatorId || search.targetId || search.search ? (
          <Button variant="outline" onClick={() => onChange({})}>
            <Trans>Clear filters</Trans>
          </Button>
        ) : null}
      </div>
      {log.isPending ? (
        <ListLoading label={t`Loading the audit log`} />
      ) : log.isError && !log.data ? (
        <ListError what={t`the audit log`} onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <ListEmpty>{t`No moderator actions match these filters.`}</ListEmpty>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            <Plural value={log.data.total} one="# action" other="# actions" />
            {log.isPlaceholderData ? ` · ${t`loading…`}` : ""}
          </p>
          <ol className="grid gap-3" aria-busy={log.isPlaceholderData}>
            {log.data.items.map((e) => {
              const action = ACTIONS[e.action];
              const role = ROLES[e.target.role];
              const reason = e.reason;
              const ending = Array.isArray(e.details?.subscriptionsSetToEnd) ? (e.details.subscriptionsSetToEnd as unknown[]).length : null;
              return (
                <li key={e.id}>
                  <Card>
                    <CardContent className="grid gap-1 pt-6 text-sm">
                      <p className="text-slate-900">
                        <TransMessage
                          id={action.id}
                          message={action.message}
                          values={{ moderator: e.moderator.name, target: translateServerMessage(e.target.name) }}
                          components={{
                            0: (
                              <button
                                type="button"
                                className="font-semibold text-indigo-700 underline"
                                onClick={() => onChange({ moderatorId: e.moderator.id })}
                              />
                            ),
                            1: (
                              <button
                                type="button"
                                className="font-semibold text-indigo-700 underline"
                                onClick={() => onChange({ targetId: e.target.id })}
                              />
                            ),
                          }}
                        />{" "}
                        <span className="text-slate-600">({role ? i18n._(role) : e.target.role})</span>
                      </p>
                      {reason ? (
                        <p className="break-words text-slate-700">
                          <Trans>Reason: {reason}</Trans>
                        </p>
                      ) : null}
                      {ending !== null ? (
                        <p className="text-slate-700">
                          <Trans>{ending} subscription(s) set to end at period end</Trans>
                        </p>
                      ) : null}
                      <p className="text-slate-600">
                        <time dateTime={e.createdAt}>{fullDateTime(e.createdAt)}</time>
                      </p>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ol>
          <Pager
            page={log.data.page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            onPage={(p) => onChange({ ...search, page: p })}
          />
        </>
      )}
    </section>
  );
}
