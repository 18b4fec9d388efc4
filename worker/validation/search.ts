import * as v from "valibot";

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

export const mentorSearchSchema = v.object({
  search: v.optional(v.pipe(v.string("search must be text"), v.trim(), v.maxLength(100, "Search text must be at most 100 characters")), ""),
  price: v.optional(v.picklist(["a", "b", "c", "d", "e"], "price must be one of a, b, c, d, e"), "a"),
  rating: v.optional(v.picklist(["1", "2", "3", "4", "5", NO_RATING], "rating must be 1 to 5, or 9 for any rating"), NO_RATING),
  limit: v.optional(v.pipe(v.number("limit must be a number"), v.integer("limit must be a whole number"), v.minValue(1, "limit must be at least 1"), v.maxValue(50, "limit must be at most 50")), 24),
});
export type MentorSearch = v.InferInput<typeof mentorSearchSchema>;
