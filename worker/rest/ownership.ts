import type { Role } from "../../db/schema";
import type { Refusal } from "../accounts/accounts";
import { fail } from "../platform/domain-error";

/**
 * The signed-in caller as the token names them; null without a valid token (the procedure then
 * answers 401). `refusal` reads whether the account may act at all (blocked, sign-in ended).
 */
export type RestCaller = { id: string; role: Role; refusal?: () => Promise<Refusal | null>; areaRoles?: readonly Role[] } | null;

/**
 * The one ownership rule of the legacy contract (SPEC §7 paths and bodies carry user ids): an id the
 * caller names must be their own, because the token, never the id, decides who acts. An absent or
 * empty id names no one. `message` is the row's own wording, which the legacy answers keep.
 */
export function assertOwnIds(caller: RestCaller, named: readonly unknown[], message: string): void {
  if (!caller) return;
  if (named.some((id) => id !== undefined && id !== null && id !== "" && id !== caller.id)) fail("FORBIDDEN", message);
}

/**
 * The same rule, answered after the account check when it refuses: a blocked account, or one whose
 * sign-in ended, hears that (with its details, which clients sign out on) rather than "only your own";
 * so does a token of the wrong kind of account, which the procedure's role check answers.
 */
export async function assertOwnIdsAfterAccount(caller: RestCaller, named: readonly unknown[], message: string): Promise<void> {
  // A token of another kind of account than the path's (a mentor's on /mentees/...) hears the procedure's own refusal.
  if (caller?.areaRoles && !caller.areaRoles.includes(caller.role)) return;
  try {
    assertOwnIds(caller, named, message);
  } catch (error) {
    const refusal = (await caller?.refusal?.()) ?? null;
    if (refusal) fail(refusal.code, refusal.message, refusal.details);
    throw error;
  }
}
