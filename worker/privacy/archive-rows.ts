import { asc, eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";

/** How the archive's sections read a person's rows (ADR 0039): hers only, without their secrets. */

export type Person = { role: "mentee" | "mentor"; id: string };

/**
 * Columns that are secrets rather than data about the person (ADR 0039): hashes of passwords, codes and tickets,
 * the calendar feed's token, a push subscription's endpoint and key. Giving them out would make the archive a key
 * to the account; the archive says they exist (a device, a feed) without them.
 */
const SECRET_COLUMNS = new Set([
  "passwordHash",
  "secretHash",
  "codeHash",
  "ticketHash",
  "linkSecretHash",
  "token",
  "auth",
  "endpoint",
  // A connected calendar's sealed password or tokens (ADR 0040).
  "credentials",
]);

/** A row without its secrets, instants as ISO text. */
export function clean(row: Record<string, unknown>, drop: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(key) || drop.includes(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** One JSON file of the archive: what it holds, for the archive's README, and its rows. */
export type Section = { file: string; about: string; tables: string[]; rows: (db: Db, who: Person) => Promise<Record<string, unknown>[]> };

export const all =
  (table: SQLiteTable, where: (who: Person) => ReturnType<typeof eq> | undefined, order?: SQLiteColumn, drop: readonly string[] = []) =>
  async (db: Db, who: Person) => {
    const query = db.select().from(table).where(where(who));
    const rows = (await (order ? query.orderBy(asc(order)) : query)) as Record<string, unknown>[];
    return rows.map((row) => clean(row, drop));
  };

export const mine = (who: Person, menteeColumn: SQLiteColumn, mentorColumn: SQLiteColumn) =>
  who.role === "mentee" ? eq(menteeColumn, who.id) : eq(mentorColumn, who.id);
