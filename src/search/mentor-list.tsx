import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTRPC } from "@/platform/trpc";
import type { BrowseArea } from "@/search/browse";
import type { MentorSearch } from "../../shared/validation/search";
import { LoadError } from "../ui/load-error";
import { MentorCard, MentorCardSkeleton } from "./mentor-card";

type MentorListProps = {
  query: MentorSearch;
  skeletons: number;
  label: string;
  area: BrowseArea;
  /** Shown when nothing matches. */
  empty?: ReactNode;
  /** A visible, announced line above the cards, e.g. "12 mentors found". */
  summary?: (count: number) => string;
};

/**
 * Mentor cards for one search; skeleton cards while loading, a retry on failure. A new query
 * aborts the request still running for the previous one (the old query loses its last observer).
 */
export function MentorList({ query, skeletons, label, area, empty, summary }: MentorListProps) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const search = useQuery(trpc.mentors.search.queryOptions(query, { trpc: { abortOnUnmount: true } }));

  const mentors = search.data ?? [];
  const what = label.toLowerCase();
  const status = search.isPending ? t`Loading ${what}…` : search.isError ? "" : (summary?.(mentors.length) ?? "");

  let body: ReactNode;
  if (search.isPending) {
    body = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, alike and never reordered
          <MentorCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (search.isError) {
    body = (
      <LoadError
        what={t`mentors right now`}
        align="center"
        className="rounded-xl border border-slate-200 bg-white p-6"
        onRetry={() => void search.refetch()}
      />
    );
  } else if (!mentors.length) {
    body = empty ?? (
      <p className="text-slate-600">
        <Trans>No mentors match your search yet.</Trans>
      </p>
    );
  } else {
    body = (
      <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {mentors.map((mentor, index) => (
          <li key={mentor.id} className="flex">
            <MentorCard mentor={mentor} index={index} area={area} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-4">
      {/* One live region for every state, so loading and the result count are both announced. */}
      <p role="status" className={summary ? "min-h-5 text-sm text-slate-600" : "sr-only"}>
        {status}
      </p>
      {body}
    </div>
  );
}
