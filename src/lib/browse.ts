import { NO_RATING, PRICE_BUCKETS, type PriceCode } from "../../shared/validation/search-filters";
import type { MentorSearch } from "../../shared/validation/search";

/** Where the browse and profile pages live: publicly, or inside the mentee area (same pages, own nav). */
export type BrowseArea = "public" | "mentee";

export const BROWSE_ROUTE = { public: "/browse/mentor/$search", mentee: "/mentees/browse/mentor/$search" } as const satisfies Record<BrowseArea, string>;
export const PROFILE_ROUTE = { public: "/browse/mentor/profile/$id", mentee: "/mentees/browse/mentor/profile/$id" } as const satisfies Record<BrowseArea, string>;

/** The `$search` path segment standing for no search text. */
export const ALL = "all";

export const searchSegment = (text: string) => text.trim() || ALL;
export const searchText = (segment: string) => (segment === ALL ? "" : segment);

export const PRICE_OPTIONS = Object.entries(PRICE_BUCKETS).map(([code, { label }]) => ({ code: code as PriceCode, label }));
export const RATING_OPTIONS = [1, 2, 3, 4, 5] as const;
export type MinRating = (typeof RATING_OPTIONS)[number];

/**
 * The filters in the query string (`?price=c&rating=4`); defaults (price 'a', no rating) stay out of the URL.
 * The rating is a number so the router prints it bare.
 */
export type BrowseFilters = { price?: Exclude<PriceCode, "a">; rating?: MinRating };

export function validateBrowseFilters(search: Record<string, unknown>): BrowseFilters {
  const price = String(search.price ?? "");
  const rating = Number(search.rating);
  return {
    price: price in PRICE_BUCKETS && price !== "a" ? (price as BrowseFilters["price"]) : undefined,
    rating: RATING_OPTIONS.includes(rating as MinRating) ? (rating as MinRating) : undefined,
  };
}

/** The `mentors.search` input of a browse URL. */
export function mentorSearchOf(segment: string, filters: BrowseFilters): MentorSearch {
  return { search: searchText(segment), price: filters.price ?? "a", rating: filters.rating ? String(filters.rating) as MentorSearch["rating"] : NO_RATING };
}
