import { redirect } from "@tanstack/react-router";
import { firstSignedInRole, type Role } from "./session";

/** Each role's home (SPEC §2). */
export const AREA_HOME = { mentee: "/mentees", mentor: "/mentors", moderator: "/moderator" } as const satisfies Record<Role, string>;

const AREA_ROLES: [RegExp, Role][] = [
  [/^\/mentees(\/|$)/, "mentee"],
  [/^\/mentors(\/|$)/, "mentor"],
  [/^\/moderator(\/|$)/, "moderator"],
];

/** The role whose area a path is in: /mentees, /mentors or /moderator. */
export function roleOfArea(pathname: string): Role | null {
  return AREA_ROLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** The bare query key that preselects a role on the sign-in page; `modarators` is spelled as in SPEC §2. */
export const LOGIN_SEARCH = { mentee: { mentees: "" }, mentor: { mentors: "" }, moderator: { modarators: "" } } as const satisfies Record<
  Role,
  object
>;

export type LoginSearch = { mentees?: ""; mentors?: ""; modarators?: ""; moderators?: "" };
const LOGIN_KEYS = ["mentees", "mentors", "modarators", "moderators"] as const;

/** Keeps the known bare keys of `?mentees`, `?mentors`, `?modarators` or `?moderators`, whatever their value. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return Object.fromEntries(LOGIN_KEYS.filter((key) => key in search).map((key) => [key, ""]));
}

export function roleFromLoginSearch(search: LoginSearch): Role {
  if ("mentors" in search) return "mentor";
  if ("modarators" in search || "moderators" in search) return "moderator";
  return "mentee";
}

/** `beforeLoad` of the sign-in and sign-up pages: a signed-in user goes to their area (mentee, then mentor, then moderator). */
export function redirectSignedInUser(): void {
  const role = firstSignedInRole();
  if (role) throw redirect({ to: AREA_HOME[role] });
}
