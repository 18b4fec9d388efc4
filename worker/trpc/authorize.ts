import type { Role } from "../../db/schema";
import { currentRefusal, type Refusal, type Refused } from "../accounts/accounts";
import type { AccessClaims } from "../accounts/tokens";
import { fail } from "../platform/domain-error";
import { disconnectSignIns } from "../realtime/push";
import type { Context } from "./context";

const roleNames: Record<Role, string> = { mentee: "mentees", mentor: "mentors", moderator: "moderators" };

/** The caller's claims when they hold a valid token of one of `allowed` roles (from the token alone, no database). */
export function claimsOf(ctx: Context, allowed: readonly Role[]): AccessClaims {
  if (!ctx.auth) {
    fail("UNAUTHORIZED", ctx.tokenRejected ? "Your session has expired. Please sign in again." : "Please sign in to continue.");
  }
  if (!allowed.includes(ctx.auth.role)) {
    fail("FORBIDDEN", `This is only available to ${allowed.map((r) => roleNames[r]).join(" and ")}.`);
  }
  return ctx.auth;
}

/**
 * Settles when the account of `claims` may still use the product; rejects with the refusal when it
 * is blocked or the sign-in has ended (logout), at once, not when the token expires.
 */
export async function accountCheck(ctx: Context, claims: AccessClaims): Promise<void> {
  const refusal = await currentRefusal(ctx.db, claims.role, claims.sub, claims.sid);
  if (refusal) refuseAccount(ctx, claims, refusal);
}

/** The answer of a write that carried its own account check; refused as the account check refuses when it was. */
export function unlessRefused<T extends object>(ctx: Context, claims: AccessClaims, result: T | Refused): T {
  if ("refused" in result) refuseAccount(ctx, claims, result.refused);
  return result;
}

function refuseAccount(ctx: Context, claims: AccessClaims, refusal: Refusal): never {
  // A blocked user's open tabs stop receiving pushes too.
  if (refusal.details.blocked) disconnectSignIns(ctx, { role: claims.role, id: claims.sub }, {}, "blocked", ctx.now);
  fail(refusal.code, refusal.message, refusal.details);
}

/** Both checks, one after the other: for the routes outside tRPC (an upload, the calendar feed). */
export async function authorize(ctx: Context, allowed: readonly Role[]): Promise<AccessClaims> {
  const claims = claimsOf(ctx, allowed);
  await accountCheck(ctx, claims);
  return claims;
}
