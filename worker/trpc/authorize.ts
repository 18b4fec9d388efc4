import type { Role } from "../../db/schema";
import type { Context } from "./context";
import { fail } from "../services/domain-error";
import { currentRefusal } from "../services/accounts";
import { disconnectSignIns } from "../services/push";
import type { AccessClaims } from "../services/tokens";

const roleNames: Record<Role, string> = { mentee: "mentees", mentor: "mentors", moderator: "moderators" };

/**
 * The caller's claims when they hold a valid token of one of `allowed` roles and their account may
 * still use the product: a blocked account, or a sign-in that has ended (logout), is refused at once,
 * not when its token expires.
 */
export async function authorize(ctx: Context, allowed: readonly Role[]): Promise<AccessClaims> {
  if (!ctx.auth) {
    fail("UNAUTHORIZED", ctx.tokenRejected ? "Your session has expired. Please sign in again." : "Please sign in to continue.");
  }
  if (!allowed.includes(ctx.auth.role)) {
    fail("FORBIDDEN", `This is only available to ${allowed.map((r) => roleNames[r]).join(" and ")}.`);
  }
  const refusal = await currentRefusal(ctx.db, ctx.auth.role, ctx.auth.sub, ctx.auth.sid);
  if (refusal) {
    // A blocked user's open tabs stop receiving pushes too.
    if (refusal.details.blocked) disconnectSignIns(ctx, { role: ctx.auth.role, id: ctx.auth.sub }, {}, "blocked", ctx.now);
    fail(refusal.code, refusal.message, refusal.details);
  }
  return ctx.auth;
}
