import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListSearch } from "@/moderation/moderation-search";
import { apiError } from "@/platform/api-error";
import { longDate } from "@/platform/dates";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import type { MemberRole as Role } from "../../shared/role";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { type AttendanceRecord, AttendanceRecordLine } from "./attendance-record";
import { ActionLabel, ListEmpty, ListError, ListLoading, Pager, StatusBadge, useErrorToast } from "./list-states";
import { ListToolbar, PERSON_SORTS } from "./list-toolbar";
import { MenteePaymentsDialog } from "./mentee-payments-dialog";
import { ReasonDialog } from "./reason-dialog";
import { SessionHistoryDialog } from "./session-history-dialog";

export type { ListSearch };

type Row = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isBlocked: boolean;
  profileImageUrl: string;
  joinedAt: string;
  rating?: number | null;
  ratingCount?: number;
  subscribers?: number;
  jobTitle?: string;
  firmName?: string;
  attendance?: AttendanceRecord;
};

const TITLES: Record<Role, { title: MessageDescriptor; error: MessageDescriptor; loading: MessageDescriptor; what: MessageDescriptor }> = {
  mentee: { title: msg`Mentees List`, error: msg`Error Fetching Mentees List`, loading: msg`Loading the mentees`, what: msg`the mentees` },
  mentor: { title: msg`Mentors List`, error: msg`Error Fetching Mentors List`, loading: msg`Loading the mentors`, what: msg`the mentors` },
};

/** Mentees or mentors for a moderator: search by name or e-mail, sort, server-side pages, status, and Block / Unblock with a reason. */
export function AccountList({ role, search, onChange }: { role: Role; search: ListSearch; onChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const text = search.search ?? "";
  const sort = search.sort ?? "newest";
  const page = search.page ?? 1;
  const input = { search: text, sort, page };
  const menteeList = useQuery({
    ...trpc.moderation.mentees.queryOptions(input),
    enabled: role === "mentee",
    placeholderData: keepPreviousData,
  });
  const mentorList = useQuery({
    ...trpc.moderation.mentors.queryOptions(input),
    enabled: role === "mentor",
    placeholderData: keepPreviousData,
  });
  const list = role === "mentee" ? menteeList : mentorList;
  const { t, i18n } = useLingui();
  const titles = TITLES[role];
  useErrorToast(list.isError, i18n._(titles.error));
  const sortParam = sort === "newest" ? undefined : sort;

  return (
    <section aria-labelledby="list-title" className="grid gap-4">
      <h1 id="list-title" className="text-2xl font-bold text-slate-900">
        {i18n._(titles.title)}
      </h1>
      <ListToolbar
        id="account"
        search={text}
        onSearch={(next) => onChange({ search: next || undefined, sort: sortParam })}
        sort={sort}
        sorts={PERSON_SORTS}
        onSort={(next) => onChange({ search: text || undefined, sort: next === "newest" ? undefined : next })}
      />
      {list.isPending ? (
        <ListLoading label={i18n._(titles.loading)} />
      ) : list.isError && !list.data ? (
        <ListError what={i18n._(titles.what)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <ListEmpty>
          {role === "mentee"
            ? text
              ? t`No mentees match "${text}".`
              : t`No mentees yet.`
            : text
              ? t`No mentors match "${text}".`
              : t`No mentors yet.`}
        </ListEmpty>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {role === "mentee"
              ? plural(list.data.total, { one: "# mentee", other: "# mentees" })
              : plural(list.data.total, { one: "# mentor", other: "# mentors" })}
            {list.isPlaceholderData ? ` · ${t`loading…`}` : ""}
          </p>
          <ul className="grid gap-3" aria-busy={list.isPlaceholderData}>
            {(list.data.items as Row[]).map((row) => (
              <li key={row.id}>
                <AccountRow role={role} row={row} />
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(p) => onChange({ ...search, page: p > 1 ? p : undefined })}
          />
        </>
      )}
    </section>
  );
}

function AccountRow({ role, row }: { role: Role; row: Row }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const name = `${row.firstName} ${row.lastName}`;
  const setBlocked = useMutation(
    trpc.moderation.setBlocked.mutationOptions({
      onSuccess: async (result) => {
        const ending = result.subscriptionsEnding;
        toast.success(result.isBlocked ? t`User Blocked` : t`User Unblocked`, {
          description: ending ? t`${ending} subscription(s) will end at the end of their period.` : undefined,
        });
        await queryClient.invalidateQueries(trpc.moderation.pathFilter());
      },
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );
  const action = row.isBlocked ? t`Unblock ${name}` : t`Block ${name}`;
  const joined = longDate(row.joinedAt);
  const rating = row.rating?.toFixed(1);
  const ratingCount = row.ratingCount;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center">
        <Avatar src={row.profileImageUrl} name={name} className="size-12" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="font-semibold text-slate-900">{name}</h2>
          <p className="break-all text-sm text-slate-700">{row.email}</p>
          {row.jobTitle ? (
            <p className="text-sm text-slate-700">
              {row.jobTitle} @ {row.firmName}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <StatusBadge blocked={row.isBlocked} />
            <span>
              <Trans>Joined {joined}</Trans>
            </span>
            {role === "mentor" ? (
              <>
                <span>{row.rating == null ? t`No ratings yet` : t`Rating ${rating} (${ratingCount})`}</span>
                <span>
                  <Plural value={row.subscribers ?? 0} one="# active subscriber" other="# active subscribers" />
                </span>
              </>
            ) : null}
          </div>
          {row.attendance ? <AttendanceRecordLine record={row.attendance} /> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <SessionHistoryDialog role={role} id={row.id} name={name} />
          {role === "mentee" ? <MenteePaymentsDialog menteeId={row.id} name={name} /> : null}
          <ReasonDialog
            trigger={(open) => (
              <Button variant="outline" size="sm" className="max-w-full" onClick={open}>
                <ActionLabel label={action} />
              </Button>
            )}
            title={row.isBlocked ? t`Unblock ${name}?` : t`Block ${name}?`}
            description={
              row.isBlocked
                ? t`They can sign in again; their old sessions stay ended.`
                : role === "mentor"
                  ? t`They are signed out everywhere at once and cannot sign in. They leave search, and their subscriptions end at the end of the paid period.`
                  : t`They are signed out everywhere at once and cannot sign in.`
            }
            confirmLabel={action}
            destructive={!row.isBlocked}
            onConfirm={(reason) => setBlocked.mutateAsync({ role, id: row.id, blocked: !row.isBlocked, reason })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
