import * as v from "valibot";

/** The legacy paths carry the caller's own id (`/api/mentees/notifications/{menteeId}`); it must be the caller's. */
export const ownNotificationsSchema = v.optional(
  v.object({
    ownerId: v.optional(v.string()),
    side: v.optional(v.picklist(["mentee", "mentor"])),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
  }),
  {},
);
