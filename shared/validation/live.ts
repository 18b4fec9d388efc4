import * as v from "valibot";

const id = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(64, `${label} is not valid`));

/** A live session is named by its booked slot. */
export const liveSlotSchema = v.object({ slotId: id("slotId") });
