import * as v from "valibot";
import { required } from "./accounts";

/** Inputs of the moderator area (SPEC §7 Moderator; ADR 0012). */

const id = (what: string) =>
  v.pipe(v.string(`${what} is required`), v.trim(), v.nonEmpty(`${what} is required`), v.maxLength(64, `Unknown ${what}`));

export const REASON_MAX = 500;
const reasonText = v.pipe(
  v.string("Please give a reason"),
  v.trim(),
  v.nonEmpty("Please give a reason"),
  v.maxLength(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
);
export const reasonField = required(reasonText);

const page = v.optional(
  v.pipe(
    v.unknown(),
    v.transform(Number),
    v.number("Invalid page"),
    v.integer("Invalid page"),
    v.minValue(1, "Invalid page"),
    v.maxValue(10_000, "Invalid page"),
  ),
  1,
);

/** An IANA time zone the runtime knows, e.g. "Asia/Kolkata"; UTC when absent. */
export const timeZoneField = v.optional(
  v.pipe(
    v.string("Invalid time zone"),
    v.maxLength(64, "Invalid time zone"),
    v.check((zone) => {
      try {
        new Intl.DateTimeFormat("en-CA", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "Unknown time zone"),
  ),
  "UTC",
);

const searchText = v.optional(v.pipe(v.string("Search must be text"), v.trim(), v.maxLength(100, "Search is too long")), "");

/** How a moderator list is ordered: by when the person joined (or applied), or by name A to Z. */
export const LIST_SORTS = ["newest", "oldest", "name"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
const sortOf = <const S extends readonly ListSort[]>(sorts: S, fallback: S[number]) =>
  v.optional(v.picklist(sorts, "Unknown sort order"), fallback);

export const accountListSchema = v.optional(v.object({ search: searchText, sort: sortOf(LIST_SORTS, "newest"), page }), {});

/** Pending applications: oldest first by default (first come, first decided). */
export const applicantListSchema = v.optional(v.object({ search: searchText, sort: sortOf(LIST_SORTS, "oldest"), page }), {});

/** Whose sessions a moderator reads (the mentees and mentors lists' History). */
export const sessionHistorySchema = v.object({
  role: v.picklist(["mentee", "mentor"], "Unknown account type"),
  id: id("id"),
});

export const setBlockedSchema = v.object({
  role: v.picklist(["mentee", "mentor"], "Unknown account type"),
  id: id("id"),
  blocked: v.boolean("blocked must be true or false"),
  reason: reasonField,
});

/** The legacy toggles: `{menteeId}` or `{mentorId}`; the reason is optional for clients that never sent one. */
export const toggleMenteeSchema = v.object({ menteeId: id("menteeId"), reason: v.optional(reasonText) });
export const toggleMentorSchema = v.object({ mentorId: id("mentorId"), reason: v.optional(reasonText) });

/** `mentor_request_accept {mentorId, mentorName, mentorEmail}`: name and e-mail are read from the application, not trusted. */
export const acceptApplicantSchema = v.object({
  mentorId: id("mentorId"),
  mentorName: v.optional(v.unknown()),
  mentorEmail: v.optional(v.unknown()),
});
export const rejectApplicantSchema = v.object({ mentorId: id("mentorId"), reason: reasonField });

export const ticketPageSchema = v.optional(v.object({ page }), {});
export const blockFromTicketSchema = v.object({
  ticketId: id("ticketId"),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(REASON_MAX, `The note must be at most ${REASON_MAX} characters`))),
});
export const dismissTicketSchema = v.object({ ticketId: id("ticketId"), note: reasonField });

export const statisticsSchema = v.optional(v.object({ timeZone: timeZoneField }), {});

/** The audit log: by moderator, by one account, or by a person's name or e-mail (target or moderator); newest or oldest first. */
export const auditSchema = v.optional(
  v.object({
    moderatorId: v.optional(v.pipe(v.string(), v.maxLength(64))),
    targetId: v.optional(v.pipe(v.string(), v.maxLength(64))),
    search: searchText,
    sort: sortOf(["newest", "oldest"], "newest"),
    page,
  }),
  {},
);

/** The parked background work (ADR 0031): a page of it, and one item to send again. */
export const parkedListSchema = v.optional(v.object({ page }), {});
export const replayParkedSchema = v.object({ id: id("id") });
