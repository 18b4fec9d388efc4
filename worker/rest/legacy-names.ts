/**
 * A person's `{firstName, lastName}` from the full name a view carries ("Asha Rao"), for the populated
 * `menteeId` / `mentorId` / `accusedId` objects of the original server. The first word is the first name and
 * the rest the last, so the client's `firstName + " " + lastName` always prints the full name (ADR 0036).
 */
export function nameParts(fullName: string | null | undefined): { firstName: string; lastName: string } {
  const name = (fullName ?? "").trim();
  const space = name.indexOf(" ");
  return space < 0 ? { firstName: name, lastName: "" } : { firstName: name.slice(0, space), lastName: name.slice(space + 1).trim() };
}
