import * as v from "valibot";

/** The mentee home's input: her last few searches typed in this browser, for the suggestions. */
export const menteeHomeSchema = v.optional(
  v.object({
    searches: v.optional(
      v.pipe(
        v.array(v.pipe(v.string("A search must be text"), v.maxLength(100, "A search must be at most 100 characters"))),
        v.maxLength(5, "At most 5 searches"),
      ),
      [],
    ),
  }),
  { searches: [] },
);
