/**
 * The search filters' values, without the schema: the browse page draws its filters from these, and
 * importing them does not bring the validation library into the public pages' JavaScript (issue 13).
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
