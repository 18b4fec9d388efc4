import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListSearch } from "@/moderation/moderation-search";
import { useTRPC } from "@/platform/trpc";
import { ApplicantCard } from "./applicant-card";
import { ListEmpty, ListError, ListLoading, Pager, useErrorToast } from "./list-states";
import { ListToolbar, PERSON_SORTS } from "./list-toolbar";

/** Mentor Applicants: searched by name or e-mail, sorted (oldest first by default), paged on the server; each with Accept and Reject. */
export function MentorApplicants({ search, onChange }: { search: ListSearch; onChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const { t } = useLingui();
  const text = search.search ?? "";
  const sort = search.sort ?? "oldest";
  const list = useQuery({
    ...trpc.moderation.applicantsPage.queryOptions({ search: text, sort, page: search.page ?? 1 }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.isError, t`Error Fetching Mentor Applicants`);
  const sortParam = sort === "oldest" ? undefined : sort;
  return (
    <section aria-labelledby="applicants-title" className="grid min-w-0 gap-4">
      <h1 id="applicants-title" className="text-2xl font-bold text-slate-900">
        <Trans>Mentor Applicants</Trans>
      </h1>
      <ListToolbar
        id="applicants"
        search={text}
        onSearch={(next) => onChange({ search: next || undefined, sort: sortParam })}
        sort={sort}
        sorts={PERSON_SORTS}
        onSort={(next) => onChange({ search: text || undefined, sort: next === "oldest" ? undefined : next })}
      />
      {list.isPending ? (
        <ListLoading label={t`Loading applicants`} />
      ) : list.isError && !list.data ? (
        <ListError what={t`the applicants`} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <ListEmpty>
          {text ? t`No applications match "${text}".` : t`No applications are waiting. New ones appear here as mentors apply.`}
        </ListEmpty>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            <Plural value={list.data.total} one="# application waiting" other="# applications waiting" />
            {list.isPlaceholderData ? ` · ${t`loading…`}` : ""}
          </p>
          <ul className="grid min-w-0 gap-4" aria-busy={list.isPlaceholderData}>
            {list.data.items.map((a) => (
              <li key={a.id} className="min-w-0">
                <ApplicantCard applicant={a} />
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
