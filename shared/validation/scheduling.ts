import * as v from "valibot";
import { canonicalZone, isTimeZone } from "../zoned-time";
import { lineFeeds, plainLine, plainText } from "./plain-text";

const id = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(64, `${label} is not valid`));
const optionalText = (label: string, max: number, plain: ReturnType<typeof plainText>) =>
  v.optional(
    v.nullable(
      v.pipe(v.string(`${label} must be text`), lineFeeds, v.trim(), plain, v.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
  );

export const MAX_WEEKS = 12;
export const MAX_DAYS_AHEAD = 90;

/** An ISO instant ("2026-03-09T04:00:00.000Z" or with an offset). */
export const instantField = v.pipe(
  v.string("Start is required"),
  v.trim(),
  v.check(
    (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)),
    "Start must be an ISO date and time, such as 2026-03-09T04:00:00Z",
  ),
  v.transform((s) => new Date(s)),
);

export const slotDetailsSchema = v.object({
  start: instantField,
  title: optionalText("Title", 120, plainLine("A title must be one line of plain text, without line breaks or control characters.")),
  description: optionalText(
    "Description",
    1000,
    plainText("A description cannot contain control characters such as a carriage return (line breaks are fine)."),
  ),
  /** Repeat weekly: 1 (just this one) to 12 weeks. */
  weeks: v.optional(
    v.pipe(
      v.number("Weeks must be a number"),
      v.integer("Weeks must be a whole number"),
      v.minValue(1, "Weeks must be at least 1"),
      v.maxValue(MAX_WEEKS, `Weeks must be at most ${MAX_WEEKS}`),
    ),
    1,
  ),
});

export const publishSlotsSchema = v.object({ slotDetails: slotDetailsSchema });

export const slotIdSchema = v.object({ slotId: id("slotId") });
export const mentorIdSchema = v.object({ mentorId: id("mentorId") });

/** The longest agenda ("what would you like to discuss?") a booking keeps. */
export const MAX_AGENDA = 500;
/** An agenda is plain text on its lines, at booking and when edited later. */
export const agendaIsPlain = plainText("An agenda cannot contain control characters such as a carriage return (line breaks are fine).");
/** Booking a slot (ADR 0023): the slot and, optionally, what the mentee would like to discuss (trimmed; empty is none). */
export const bookSchema = v.object({ slotId: id("slotId"), agenda: optionalText("Agenda", MAX_AGENDA, agendaIsPlain) });

/** An IANA zone name, stored as the runtime's canonical spelling; anything else is a 400 that says what to send. */
export const timeZoneField = v.pipe(
  v.string("Time zone is required"),
  v.trim(),
  v.check((z: string) => isTimeZone(z), "Unknown time zone. Choose one from the list, an IANA name such as Asia/Kolkata"),
  v.transform((z: string) => canonicalZone(z)!),
);
export const timeZoneSchema = v.object({ timeZone: timeZoneField, onlyIfUnset: v.optional(v.boolean(), false) });
