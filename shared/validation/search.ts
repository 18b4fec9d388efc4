import * as v from "valibot";
import { NO_RATING, PRICE_RANGES, type PriceRange, SORTS, type SortCode } from "./search-filters";

export { NO_RATING, PRICE_BUCKETS, PRICE_RANGES, type PriceCode, type PriceRange, SORTS, type SortCode } from "./search-filters";

const rangeCodes = Object.keys(PRICE_RANGES) as PriceRange[];
const sortCodes = Object.keys(SORTS) as SortCode[];

export const mentorSearchSchema = v.object({
  search: v.optional(v.pipe(v.string("search must be text"), v.trim(), v.maxLength(100, "Search text must be at most 100 characters")), ""),
  price: v.optional(v.picklist(["a", "b", "c", "d", "e"], "price must be one of a, b, c, d, e"), "a"),
  rating: v.optional(v.picklist(["1", "2", "3", "4", "5", NO_RATING], "rating must be 1 to 5, or 9 for any rating"), NO_RATING),
  /** The browse page's single-choice price range, applied together with `price` (REST callers leave it out). */
  range: v.optional(v.picklist(rangeCodes, `range must be one of ${rangeCodes.join(", ")}`)),
  /** The order of the results; left out, best match (best rated first without text). */
  sort: v.optional(v.picklist(sortCodes, `sort must be one of ${sortCodes.join(", ")}`)),
  limit: v.optional(
    v.pipe(
      v.number("limit must be a number"),
      v.integer("limit must be a whole number"),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(50, "limit must be at most 50"),
    ),
    24,
  ),
});
export type MentorSearch = v.InferInput<typeof mentorSearchSchema>;
