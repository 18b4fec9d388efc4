import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Input } from "../ui/input";

/** A sort order; its label is written with `msg` and shown in the reader's language. */
export type SortOption<S extends string> = { value: S; label: MessageDescriptor };

/** The sorts of the account and applicant lists (shared/validation/moderation LIST_SORTS). */
export const PERSON_SORTS = [
  { value: "newest", label: msg`Newest first` },
  { value: "oldest", label: msg`Oldest first` },
  { value: "name", label: msg`Name (A to Z)` },
] as const;

const SELECT_CLASS =
  "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/**
 * Search by name or e-mail and a sort order, above a moderator list. The search is sent a moment after
 * typing stops (300 ms), and at once on Enter.
 */
export function ListToolbar<S extends string>({
  id,
  search,
  onSearch,
  sort,
  sorts,
  onSort,
  label,
}: {
  id: string;
  search: string;
  onSearch: (text: string) => void;
  sort: S;
  sorts: readonly SortOption<S>[];
  onSort: (sort: S) => void;
  /** The search field's label; "Search by name or e-mail" by default. */
  label?: string;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text.trim() === search.trim()) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid min-w-0 gap-1.5 sm:w-80">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
          {label ?? t`Search by name or e-mail`}
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") onSearch(text.trim());
          }}
          placeholder={t`Name or e-mail`}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-700">
          {t`Sort by`}
        </label>
        <select id={`${id}-sort`} value={sort} onChange={(e) => onSort(e.target.value as S)} className={SELECT_CLASS}>
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {i18n._(s.label)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export { SELECT_CLASS };
