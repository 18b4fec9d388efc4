import type { MentorSearch } from "../../shared/validation/search";
import { NO_RATING, PRICE_RANGES, type PriceRange, SORTS, type SortCode } from "../../shared/validation/search-filters";

/** Where the browse and profile pages live: publicly, or inside the mentee area (same pages, own nav). */
export type BrowseArea = "public" | "mentee";

export const BROWSE_ROUTE = { public: "/browse/mentor/$search", mentee: "/mentees/browse/mentor/$search" } as const satisfies Record<
  BrowseArea,
  string
>;
export const PROFILE_ROUTE = {
  public: "/browse/mentor/profile/$id",
  mentee: "/mentees/browse/mentor/profile/$id",
} as const satisfies Record<BrowseArea, string>;

/** The `$search` path segment standing for no search text. */
export const ALL = "all";

export const searchSegment = (text: string) => text.trim() || ALL;
export const searchText = (segment: string) => (segment === ALL ? "" : segment);

/** The price choices: Any, then the non-overlapping ranges (one at a time). */
export const PRICE_OPTIONS: { code: PriceRange | undefined; label: string }[] = [
  { code: undefined, label: "Any" },
  ...Object.entries(PRICE_RANGES).map(([code, { label }]) => ({ code: code as PriceRange, label })),
];
export const SORT_OPTIONS = Object.entries(SORTS).map(([code, label]) => ({ code: code as SortCode, label }));
/** Links from before the ranges (SPEC §9 bucket codes) open the range that is the same bucket. */
const LEGACY_PRICE: Record<string, PriceRange> = { b: "low", c: "mid", e: "top" };
export const RATING_OPTIONS = [1, 2, 3, 4, 5] as const;
export type MinRating = (typeof RATING_OPTIONS)[number];

/**
 * The filters in the query string (`?price=mid&rating=4&sort=price-asc`); defaults (any price, no
 * rating, best match) stay out of the URL. The rating is a number so the router prints it bare.
 */
export type BrowseFilters = { price?: PriceRange; rating?: MinRating; sort?: Exclude<SortCode, "relevance"> };

export function validateBrowseFilters(search: Record<string, unknown>): BrowseFilters {
  const price = String(search.price ?? "");
  const rating = Number(search.rating);
  const sort = String(search.sort ?? "");
  return {
    price: price in PRICE_RANGES ? (price as PriceRange) : LEGACY_PRICE[price],
    rating: RATING_OPTIONS.includes(rating as MinRating) ? (rating as MinRating) : undefined,
    sort: sort in SORTS && sort !== "relevance" ? (sort as BrowseFilters["sort"]) : undefined,
  };
}

/** The `mentors.search` input of a browse URL. */
export function mentorSearchOf(segment: string, filters: BrowseFilters): MentorSearch {
  return {
    search: searchText(segment),
    price: "a",
    rating: filters.rating ? (String(filters.rating) as MentorSearch["rating"]) : NO_RATING,
    ...(filters.price ? { range: filters.price } : {}),
    ...(filters.sort ? { sort: filters.sort } : {}),
  };
}
