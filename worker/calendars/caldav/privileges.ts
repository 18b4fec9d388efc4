/**
 * Whether the signed-in user may add events to a CalDAV calendar, from its `DAV:current-user-privilege-set`
 * (RFC 3744 §5.4) as tsdav parses it: `{ privilege: [{ read: {} }, { write: {} }, …] }` (one privilege is not
 * wrapped in a list). Adding an event needs DAV:bind on the calendar, which DAV:write and DAV:all contain. A
 * subscribed or shared calendar without it would refuse every session written there, so it is not offered for
 * new sessions (ADR 0040).
 *
 * A server that does not report the property (it answered 404 for it, so tsdav leaves it out) is taken at its
 * word that it is a calendar of the user's own: writable, as before we asked; a write it then refuses marks the
 * calendar read-only (session-events.ts).
 */
const WRITE_PRIVILEGES = new Set(["all", "write", "bind"]);

export function writableFromPrivileges(privilegeSet: unknown): boolean {
  if (privilegeSet === undefined || privilegeSet === null) return true;
  return privilegeNames(privilegeSet).some((name) => WRITE_PRIVILEGES.has(name));
}

/** The privileges' names (tsdav has already dropped the namespaces and camel-cased them: `write-content` is `writeContent`). */
function privilegeNames(privilegeSet: unknown): string[] {
  if (typeof privilegeSet !== "object") return [];
  const privileges = (privilegeSet as { privilege?: unknown }).privilege;
  const list = Array.isArray(privileges) ? privileges : privileges === undefined ? [] : [privileges];
  return list.flatMap((p) => (p && typeof p === "object" ? Object.keys(p) : typeof p === "string" ? [p] : []));
}
