import type { ResultSet } from "@libsql/client";
import { aliasedTable, eq } from "drizzle-orm";
import type { SelectedFields, SQLiteSelectBase } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { mentees, mentors, timeSlots } from "../../db/schema";

/**
 * The mentees table as a slot's mentee, under one alias: pick its columns for the `fields` of the
 * queries below (`slotMentee.firstName`), the mentor's from `mentors` itself.
 */
export const slotMentee = aliasedTable(mentees, "slot_mentee");

/** The query a slot-with-people helper answers: `fields` selected, the mentee's columns nullable when she may be missing. */
type SlotWithPeopleQuery<Fields extends SelectedFields, Mentee extends "not-null" | "nullable"> = SQLiteSelectBase<
  "time_slots",
  "async",
  ResultSet,
  Fields,
  "partial",
  { time_slots: "not-null"; mentors: "not-null"; slot_mentee: Mentee },
  true
>;

/**
 * A booked slot with its mentor and its mentee: `select fields from time_slots` joined to both, so a
 * slot without a mentee is not in the answer. Add `.where(...)`, `.orderBy(...)`, `.limit(...)`.
 */
export function bookedSlotWithPeople<Fields extends SelectedFields>(db: Db, fields: Fields): SlotWithPeopleQuery<Fields, "not-null"> {
  // Drizzle cannot infer a second join on a selection that is still generic; the declared type says what it returns.
  const withMentor = db
    .select(fields)
    .from(timeSlots)
    .$dynamic()
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId)) as unknown as SlotWithPeopleQuery<Fields, "not-null">;
  return withMentor.innerJoin(slotMentee, eq(slotMentee.id, timeSlots.menteeId)) as unknown as SlotWithPeopleQuery<Fields, "not-null">;
}

/** Any slot with its mentor and, when booked, its mentee (her columns are null on an open slot). */
export function slotWithPeople<Fields extends SelectedFields>(db: Db, fields: Fields): SlotWithPeopleQuery<Fields, "nullable"> {
  const withMentor = db
    .select(fields)
    .from(timeSlots)
    .$dynamic()
    .innerJoin(mentors, eq(mentors.id, timeSlots.mentorId)) as unknown as SlotWithPeopleQuery<Fields, "nullable">;
  return withMentor.leftJoin(slotMentee, eq(slotMentee.id, timeSlots.menteeId)) as unknown as SlotWithPeopleQuery<Fields, "nullable">;
}
