import { initTRPC } from "@trpc/server";
import type { Role } from "../../db/schema";
import { ErrorDetails, INTERNAL_MESSAGE, publicError } from "../platform/errors";
import { accountCheck, claimsOf } from "./authorize";
import type { Context } from "./context";

/**
 * `readsDuringAccountCheck`: a mutation whose only effects are its database writes (pushes and mail follow its
 * commit), or one that awaits `ctx.accountChecked` before it reaches past the database (Stripe), lets its
 * first reads travel with the account check; its writes still wait for the check.
 */
export type ProcedureMeta = {
  readsDuringAccountCheck?: boolean;
  /**
   * `checkInBatch`: the mutation's one write batch carries the account check itself (its first statement reads the
   * account's state, its writes are guarded by the same state in SQL: `accountMayAct`), sent through `ctx.dbForSelfCheckingBatch`;
   * it answers through `unlessRefused`, which refuses as the account check does from that read. Check and write are one round trip (ADR 0017). Any other write of such
   * a procedure fails: nothing reaches the database unchecked.
   */
  checkInBatch?: boolean;
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const details = error.cause instanceof ErrorDetails ? error.cause.details : undefined;
      const message = error.code === "INTERNAL_SERVER_ERROR" ? INTERNAL_MESSAGE : shape.message;
      return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, details } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every procedure's failures pass through the one error mapping (a busy database is a 503, not a 500). */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = publicError(result.error);
    if (mapped !== result.error) throw mapped;
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/** A promise that fails whoever waits for it; marked handled, so that it is not reported when nobody does. */
function refusedPromise(reason: Error): Promise<never> {
  const refused = Promise.reject(reason);
  refused.catch(() => undefined);
  return refused;
}

/**
 * The token's claims, then the account check (blocked? signed out?) on the database. A query does
 * not wait for the check: its own first reads start in the same task and travel with it in one
 * round trip (db/request-db.ts), and its answer goes out only once the check passed. A
 * mutation waits for the check before it runs, since it may reach past the database (Stripe, mail,
 * pushes), unless it is marked `readsDuringAccountCheck` (only database effects). Either way nothing is
 * written before the check passed.
 */
const requireRole = (...allowed: Role[]) =>
  t.middleware(async ({ ctx, next, type, meta }) => {
    const auth = claimsOf(ctx, allowed);
    if (meta?.checkInBatch) {
      // No check of its own to wait for, and no other write: both fail whoever tries.
      ctx.holdWritesUntil(refusedPromise(new Error("This procedure writes only in its batch that carries the account check.")));
      return next({
        ctx: { ...ctx, auth, accountChecked: refusedPromise(new Error("The account check of this procedure travels in its write batch.")) },
      });
    }
    const check = accountCheck(ctx, auth);
    ctx.holdWritesUntil(check);
    if (type === "mutation" && !meta?.readsDuringAccountCheck) await check;
    const result = await next({ ctx: { ...ctx, auth, accountChecked: check } });
    await check;
    return result;
  });

export const authedProcedure = publicProcedure.use(requireRole("mentee", "mentor", "moderator"));
export const menteeProcedure = publicProcedure.use(requireRole("mentee"));
export const mentorProcedure = publicProcedure.use(requireRole("mentor"));
export const moderatorProcedure = publicProcedure.use(requireRole("moderator"));
/** Mentees and mentors: the two sides of a subscription (tickets). */
export const memberProcedure = publicProcedure.use(requireRole("mentee", "mentor"));

/**
 * For mutations that change what the public catalogue shows (a mentor's profile, skills, rate,
 * rating, approval or block): after a success, this location's cached searches and profiles are
 * skipped (ADR 0016), before the answer goes back, so the person who made the change sees it.
 */
export const changesCatalogue = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) await ctx.catalogueChanged();
  return result;
});
