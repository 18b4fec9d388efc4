import * as v from "valibot";

/** A mentor's connected calendars (ADR 0040). */
export const MAX_CALDAV_URL = 500;

export const connectCaldavSchema = v.object({
  serverUrl: v.pipe(
    v.string("Enter the calendar server's address"),
    v.trim(),
    v.nonEmpty("Enter the calendar server's address"),
    v.maxLength(MAX_CALDAV_URL),
  ),
  username: v.pipe(v.string("Enter your user name"), v.trim(), v.nonEmpty("Enter your user name"), v.maxLength(200)),
  password: v.pipe(v.string("Enter the app password"), v.nonEmpty("Enter the app password"), v.maxLength(500)),
});
export type ConnectCaldavInput = v.InferOutput<typeof connectCaldavSchema>;

const id = (what: string) => v.pipe(v.string(`${what} is required`), v.uuid(`${what} is not valid`));

export const calendarChoiceSchema = v.object({
  calendarId: id("Calendar"),
  countsAsBusy: v.optional(v.boolean()),
  writesSessions: v.optional(v.literal(true)),
});

export const calendarConnectionSchema = v.object({ connectionId: id("Connection") });

export const busyWindowSchema = v.pipe(
  v.object({
    from: v.pipe(v.string("From is required"), v.isoTimestamp("From must be an instant")),
    to: v.pipe(v.string("To is required"), v.isoTimestamp("To must be an instant")),
  }),
  v.check(
    (w) => Date.parse(w.to) > Date.parse(w.from) && Date.parse(w.to) - Date.parse(w.from) <= 70 * 24 * 3600 * 1000,
    "Ask for at most 70 days of busy time.",
  ),
);
