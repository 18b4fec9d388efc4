import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Star } from "lucide-react";
import { useId } from "react";
import { type BrowseFilters, PRICE_OPTIONS, RATING_OPTIONS, SORT_OPTIONS } from "@/search/browse";
import type { PriceRange, SortCode } from "../../shared/validation/search-filters";

const optionClass =
  "flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500";
const boxClass = "size-4 accent-indigo-600 focus-visible:outline-none";
const selectClass =
  "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/**
 * The price ranges' and the orders' words in the reader's language, by their code: the same English as
 * PRICE_RANGES and SORTS in shared/validation/search-filters.ts (which stay the URL's and the API's).
 */
const PRICE_LABELS: Record<PriceRange, MessageDescriptor> = {
  low: msg`Under ₹1000`,
  mid: msg`₹1000-₹2500`,
  high: msg`₹2500-₹5000`,
  top: msg`Above ₹5000`,
};
const SORT_LABELS: Record<SortCode, MessageDescriptor> = {
  relevance: msg`Best match`,
  "price-asc": msg`Price: low to high`,
  "price-desc": msg`Price: high to low`,
  rating: msg`Rating`,
  response: msg`Response time`,
};

/**
 * The browse filter bar (SPEC §4): the price as one choice among ranges that do not
 * overlap (radio buttons, Any first), the minimum rating as one choice too (Any rating, then 1 to 5
 * stars: a floor is one number), and the order of the results.
 */
export function MentorFilters({ filters, onChange }: { filters: BrowseFilters; onChange: (next: BrowseFilters) => void }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const ratingLabel = (stars: number) => (stars === 5 ? t`5 stars` : t`${plural(stars, { one: "# star & up", other: "# stars & up" })}`);
  const priceName = useId();
  const ratingName = useId();
  const sortId = useId();
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:gap-8">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          <Trans>Price per hour</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {PRICE_OPTIONS.map(({ code, label }) => (
            <label key={label} className={optionClass}>
              <input
                type="radio"
                name={priceName}
                className={boxClass}
                checked={filters.price === code}
                onChange={() => onChange({ ...filters, price: code })}
              />
              {code ? i18n._(PRICE_LABELS[code]) : t`Any`}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          <Trans>Minimum rating</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          <label className={optionClass}>
            <input
              type="radio"
              name={ratingName}
              className={boxClass}
              checked={filters.rating === undefined}
              onChange={() => onChange({ ...filters, rating: undefined })}
            />
            <Trans>Any rating</Trans>
          </label>
          {RATING_OPTIONS.map((stars) => (
            <label key={stars} className={optionClass}>
              <input
                type="radio"
                name={ratingName}
                className={boxClass}
                checked={filters.rating === stars}
                onChange={() => onChange({ ...filters, rating: stars })}
              />
              <span className="sr-only">{ratingLabel(stars)}</span>
              <span aria-hidden="true" className="flex items-center gap-0.5">
                {stars}
                <Star className="size-3.5 fill-amber-400 text-amber-400" />
                {stars < 5 ? "+" : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid content-start gap-2">
        <label htmlFor={sortId} className="text-sm font-semibold text-slate-900">
          <Trans>Sort by</Trans>
        </label>
        <select
          id={sortId}
          className={selectClass}
          value={filters.sort ?? "relevance"}
          onChange={(e) =>
            onChange({ ...filters, sort: e.target.value === "relevance" ? undefined : (e.target.value as BrowseFilters["sort"]) })
          }
        >
          {SORT_OPTIONS.map(({ code }) => (
            <option key={code} value={code}>
              {i18n._(SORT_LABELS[code])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
