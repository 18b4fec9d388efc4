import * as v from "valibot";
import { mentorIdSchema } from "./profiles";

export const reviewInputSchema = v.object({
  ...mentorIdSchema.entries,
  rating: v.pipe(
    v.number("Choose a rating from 1 to 5 stars"),
    v.integer("Choose a rating from 1 to 5 stars"),
    v.minValue(1, "Choose a rating from 1 to 5 stars"),
    v.maxValue(5, "Choose a rating from 1 to 5 stars"),
  ),
  text: v.optional(v.pipe(v.string("The review must be text"), v.trim(), v.maxLength(2000, "A review can be at most 2000 characters")), ""),
});

export const reviewListSchema = v.object({
  ...mentorIdSchema.entries,
  cursor: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200, "Invalid page cursor")))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, "limit must be 1 to 20"), v.maxValue(20, "limit must be 1 to 20")), 5),
});
