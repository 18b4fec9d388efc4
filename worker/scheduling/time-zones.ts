import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors } from "../../db/schema";

/** Sets the caller's IANA zone; `onlyIfUnset` (the browser's detection at sign-in) never overwrites a chosen one. */
export async function setTimeZone(db: Db, who: { role: "mentee" | "mentor"; id: string }, timeZone: string, onlyIfUnset: boolean) {
  const table = who.role === "mentee" ? mentees : mentors;
  await db
    .update(table)
    .set({ timeZone })
    .where(onlyIfUnset ? and(eq(table.id, who.id), sql`${table.timeZone} is null`) : eq(table.id, who.id));
  const row = await db.select({ timeZone: table.timeZone }).from(table).where(eq(table.id, who.id));
  return { timeZone: row[0]?.timeZone ?? timeZone };
}

export async function timeZoneOf(db: Db, who: { role: "mentee" | "mentor"; id: string }) {
  const table = who.role === "mentee" ? mentees : mentors;
  const [row] = await db.select({ timeZone: table.timeZone }).from(table).where(eq(table.id, who.id));
  return { timeZone: row?.timeZone ?? null };
}
