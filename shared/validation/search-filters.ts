/**
 * The search filters' values, without the schema: the browse page draws its filters from these, and
 * importing them does not bring the validation library into the public pages' JavaScript.
 */

/** Price buckets of SPEC §9 as inclusive bounds in paise, as given (c and d overlap on purpose). */
export const PRICE_BUCKETS: Record<"a" | "b" | "c" | "d" | "e", { label: string; min: number | null; max: number | null }> = {
  a: { label: "Any", min: null, max: null },
  b: { label: "Under ₹1000", min: null, max: 99_999 },
  c: { label: "₹1000-₹2500", min: 100_000, max: 250_000 },
  d: { label: "₹2000-₹5000", min: 200_000, max: 500_000 },
  e: { label: "Above ₹5000", min: 500_001, max: null },
};
export type PriceCode = keyof typeof PRICE_BUCKETS;

export const NO_RATING = "9";

/**
 * The browse page's price choices: one at a time, ranges that do not overlap, together
 * covering every rate. Inclusive bounds in paise. "low", "mid" and "top" are buckets b, c and e;
 * "high" is what lies between c and e. The REST codes above keep their SPEC §9 meaning.
 */
export const PRICE_RANGES: Record<"low" | "mid" | "high" | "top", { label: string; min: number | null; max: number | null }> = {
  low: { label: "Under ₹1000", min: null, max: 99_999 },
  mid: { label: "₹1000-₹2500", min: 100_000, max: 250_000 },
  high: { label: "₹2500-₹5000", min: 250_001, max: 500_000 },
  top: { label: "Above ₹5000", min: 500_001, max: null },
};
export type PriceRange = keyof typeof PRICE_RANGES;

/** Orders of the results; relevance is the default (best rated first when there is no text). Response time: average chat reply. */
export const SORTS = {
  relevance: "Best match",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  rating: "Rating",
  response: "Response time",
} as const;
export type SortCode = keyof typeof SORTS;
