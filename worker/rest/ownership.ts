import type { Role } from "../../db/schema";
import { fail } from "../services/domain-error";

/** The signed-in caller as the token names them; null without a valid token (the procedure then answers 401). */
export type RestCaller = { id: string; role: Role } | null;

/**
 * The one ownership rule of the legacy contract (SPEC §7 paths and bodies carry user ids): an id the
 * caller names must be their own, because the token, never the id, decides who acts. An absent or
 * empty id names no one. `message` is the row's own wording, which the legacy answers keep.
 */
export function assertOwnIds(caller: RestCaller, named: readonly unknown[], message: string): void {
  if (!caller) return;
  if (named.some((id) => id !== undefined && id !== null && id !== "" && id !== caller.id)) fail("FORBIDDEN", message);
}
