import * as v from "valibot";

/** The bell of the signed-in account; `side` is the role a legacy path is for. */
export const notificationsSchema = v.optional(
  v.object({
    side: v.optional(v.picklist(["mentee", "mentor"])),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
  }),
  {},
);
