import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { ALL, BROWSE_ROUTE, type BrowseArea, type BrowseFilters, mentorSearchOf, searchText } from "@/search/browse";
import { Button } from "../ui/button";
import { FiltersSheet } from "./filters-sheet";
import { MentorFilters } from "./mentor-filters";
import { MentorList } from "./mentor-list";

/**
 * The browse page body: heading, filter bar, divider, results. The text is the `$search` path
 * segment, the filters live in the query string, so every search can be shared and reloaded.
 */
export function MentorBrowse({ area, segment, filters }: { area: BrowseArea; segment: string; filters: BrowseFilters }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const found = (count: number) => t`${plural(count, { one: "# mentor found", other: "# mentors found" })}`;
  const text = searchText(segment);
  const filtered = Boolean(filters.price || filters.rating);
  const go = (nextSegment: string, next: BrowseFilters) =>
    void navigate({ to: BROWSE_ROUTE[area], params: { search: nextSegment }, search: next });

  const empty = (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <SearchX aria-hidden="true" className="size-8 text-slate-400" />
      <p className="font-medium text-slate-900">
        {text ? (
          <Trans>No mentors match "{text}" with these filters.</Trans>
        ) : (
          <Trans>No mentors match your search with these filters.</Trans>
        )}
      </p>
      {filtered ? (
        <>
          <p className="text-sm text-slate-600">
            <Trans>Try another price range or a lower rating.</Trans>
          </p>
          {/* Clearing the filters keeps the chosen order. */}
          <Button variant="outline" onClick={() => go(segment, { sort: filters.sort })}>
            <Trans>Clear filters</Trans>
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            <Trans>Try other words, or see every mentor.</Trans>
          </p>
          <Button variant="outline" onClick={() => go(ALL, {})}>
            <Trans>Show all mentors</Trans>
          </Button>
        </>
      )}
    </div>
  );

  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-slate-900">{text ? <Trans>Mentors for "{text}"</Trans> : <Trans>Find a Mentor</Trans>}</h1>
      {/* Phones: results first, the filters behind a button; wider screens: the filter bar above the results. */}
      <FiltersSheet filters={filters} onChange={(next) => go(segment, next)} />
      <section aria-label={t`Filters`} className="hidden md:block">
        <MentorFilters filters={filters} onChange={(next) => go(segment, next)} />
      </section>
      <hr className="hidden border-slate-200 md:block" />
      <MentorList query={mentorSearchOf(segment, filters)} skeletons={2} label={t`Mentors`} area={area} empty={empty} summary={found} />
    </div>
  );
}
