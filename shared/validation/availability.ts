import * as v from "valibot";
import { MAX_RANGES, type WeeklyRange, weeklyHoursProblem } from "../weekly-hours";

/** A mentor's weekly hours, booking rules and time off (ADR 0023). */

export const MAX_NOTICE_MINUTES = 30 * 24 * 60;
export const MAX_BUFFER_MINUTES = 240;
export const MAX_DAILY_CAP = 24;
/** A time-off period is at most this many days long. */
export const MAX_TIME_OFF_DAYS = 366;
export const MAX_TIME_OFF_NOTE = 200;

const time = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.regex(/^\d\d:\d\d$/, `${label} must be a time such as 09:00`));

export const weeklyRangeSchema = v.object({
  day: v.pipe(
    v.number("Day is required"),
    v.integer("Day must be 0 (Sunday) to 6 (Saturday)"),
    v.minValue(0, "Day must be 0 (Sunday) to 6 (Saturday)"),
    v.maxValue(6, "Day must be 0 (Sunday) to 6 (Saturday)"),
  ),
  start: time("Start"),
  end: time("End"),
});

export const weeklyHoursSchema = v.object({
  weeklyHours: v.pipe(
    v.array(weeklyRangeSchema, "Weekly hours must be a list of ranges"),
    v.maxLength(MAX_RANGES, `Add at most ${MAX_RANGES} ranges of weekly hours.`),
    v.check(
      (ranges: WeeklyRange[]) => weeklyHoursProblem(ranges) === null,
      (issue) => weeklyHoursProblem(issue.input as WeeklyRange[]) ?? "These weekly hours are not valid.",
    ),
  ),
});

const wholeMinutes = (label: string, max: number, maxText: string) =>
  v.pipe(
    v.number(`${label} is required`),
    v.integer(`${label} must be whole minutes`),
    v.minValue(0, `${label} cannot be negative`),
    v.maxValue(max, `${label} can be at most ${maxText}`),
  );

export const bookingRulesSchema = v.object({
  noticeMinutes: wholeMinutes("Minimum notice", MAX_NOTICE_MINUTES, "30 days"),
  bufferMinutes: wholeMinutes("Buffer", MAX_BUFFER_MINUTES, "4 hours"),
  dailyCap: v.nullable(
    v.pipe(
      v.number("Daily limit must be a number"),
      v.integer("Daily limit must be a whole number"),
      v.minValue(1, "Daily limit must be at least 1 (or no limit)"),
      v.maxValue(MAX_DAILY_CAP, `Daily limit can be at most ${MAX_DAILY_CAP}`),
    ),
  ),
});

/** A calendar date "YYYY-MM-DD" that exists. */
const calendarDay = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.check((s: string) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${label} must be a date such as 2027-03-09`),
  );

const daysBetween = (first: string, last: string) =>
  Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);

const periodFields = {
  firstDay: calendarDay("First day"),
  lastDay: calendarDay("Last day"),
  note: v.optional(
    v.nullable(
      v.pipe(
        v.string("Note must be text"),
        v.trim(),
        v.maxLength(MAX_TIME_OFF_NOTE, `Note must be at most ${MAX_TIME_OFF_NOTE} characters`),
      ),
    ),
  ),
};

const ordered = <T extends { firstDay: string; lastDay: string }>() =>
  v.check((i: T) => i.firstDay <= i.lastDay, "The last day must be on or after the first day.");
const notTooLong = <T extends { firstDay: string; lastDay: string }>() =>
  v.check(
    (i: T) => daysBetween(i.firstDay, i.lastDay) < MAX_TIME_OFF_DAYS,
    `Time off can be at most ${MAX_TIME_OFF_DAYS} days long. Add a second period for more.`,
  );

/** A period of time off, first and last day in the mentor's zone (both days included). */
const periodSchema = v.object(periodFields);
export const timeOffPeriodSchema = v.pipe(
  periodSchema,
  ordered<v.InferOutput<typeof periodSchema>>(),
  notTooLong<v.InferOutput<typeof periodSchema>>(),
);

const addSchema = v.object({
  ...periodFields,
  /** The bookings the mentor saw in the preview and agreed to cancel (their bookingId; slot ids are accepted too). */
  confirmedBookingIds: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(128)), "confirmedBookingIds must be a list"),
    v.maxLength(500, "Too many bookings"),
  ),
  /** What happens to those bookings: "ask" sends each mentee the request to pick another time; "cancel" (the default) cancels them. */
  bookings: v.optional(v.picklist(["ask", "cancel"], "bookings must be ask or cancel"), "cancel"),
});
export const addTimeOffSchema = v.pipe(
  addSchema,
  ordered<v.InferOutput<typeof addSchema>>(),
  notTooLong<v.InferOutput<typeof addSchema>>(),
);

export const timeOffIdSchema = v.object({
  timeOffId: v.pipe(
    v.string("timeOffId is required"),
    v.trim(),
    v.nonEmpty("timeOffId is required"),
    v.maxLength(64, "timeOffId is not valid"),
  ),
});
