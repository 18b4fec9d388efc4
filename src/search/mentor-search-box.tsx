import { useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { readSession } from "@/platform/session";
import { BROWSE_ROUTE, type BrowseArea, searchSegment, searchText, validateBrowseFilters } from "@/search/browse";
import { rememberSearch } from "@/search/search-history";
import { cn } from "@/ui/class-names";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

/** The nav's mentor search (SPEC §2): opens the browse page of the area with the typed text (and any filters already set). */
export function MentorSearchBox({ area, className }: { area: BrowseArea; className?: string }) {
  const { t } = useLingui();
  const label = t`Search Skills and Mentors`;
  const navigate = useNavigate();
  const inputId = useId();
  // On a browse page the box shows that page's text; elsewhere it starts empty.
  const current = searchText(useParams({ strict: false }).search ?? "");
  const [draft, setDraft] = useState<{ for: string; text: string }>({ for: current, text: current });
  const text = draft.for === current ? draft.text : current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rememberSearch(text, readSession("mentee")?.id);
    // New words keep the price and rating chosen on a browse page (SPEC §4: each re-runs the search on its own).
    void navigate({
      to: BROWSE_ROUTE[area],
      params: { search: searchSegment(text) },
      search: (prev: Record<string, unknown>) => validateBrowseFilters(prev),
    });
  };

  return (
    <form role="search" onSubmit={submit} className={cn("flex min-w-0 items-center gap-1", className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Input
        id={inputId}
        type="search"
        placeholder={label}
        value={text}
        maxLength={100}
        onChange={(e) => setDraft({ for: current, text: e.target.value })}
        compact
        className="min-w-0"
      />
      <Button type="submit" size="icon-sm" variant="outline" className="shrink-0" aria-label={t`Search`}>
        <Search aria-hidden="true" />
      </Button>
    </form>
  );
}
