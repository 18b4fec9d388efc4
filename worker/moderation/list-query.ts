import { asc, desc, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { ListSort } from "../../shared/validation/moderation";

/** Rows per page of every moderator list (applicants, mentees, mentors). */
export const LIST_PAGE_SIZE = 20;

export type ListQuery = { search: string; page: number; sort?: ListSort };

/** `%text%` for LIKE, with the user's `%`, `_` and `\` matched literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Person = { firstName: SQLWrapper; lastName: SQLWrapper; email: SQLWrapper };

/** Whether any of `people` has `search` in their full name or e-mail (case-insensitive LIKE on existing columns); undefined for an empty search. */
export function personMatches(search: string, ...people: Person[]): SQL | undefined {
  const text = search.trim().toLowerCase();
  if (!text) return undefined;
  const pattern = containing(text);
  return or(
    ...people.flatMap((p) => [
      sql`lower(${p.firstName} || ' ' || ${p.lastName}) like ${pattern} escape '\\'`,
      sql`lower(${p.email}) like ${pattern} escape '\\'`,
    ]),
  );
}

/** ORDER BY for a list: by `when` (newest or oldest first) or by name A to Z, always with `id` last so pages never overlap. */
export function listOrder(sort: ListSort, when: SQLWrapper, person: Person, id: SQLWrapper): SQL[] {
  if (sort === "name") return [asc(sql`lower(${person.firstName} || ' ' || ${person.lastName})`), asc(id)];
  return sort === "oldest" ? [asc(when), asc(id)] : [desc(when), desc(id)];
}

export const offsetOf = (page: number) => (page - 1) * LIST_PAGE_SIZE;
