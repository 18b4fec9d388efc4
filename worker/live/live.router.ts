import { liveSlotSchema } from "../../shared/validation/live";
import { presenceBySlot } from "../attendance/presence";
import { iceServersFor } from "../platform/ice-servers";
import { authedProcedure, router } from "../trpc/init";
import { liveSessionFor, verifyLive } from "./live-session";

/** Live sessions (ADR 0015): only a session's mentor and its booked mentee, the token decides. */
export const liveRouter = router({
  /** The session as the page shows it (names, times, the window), at any time, to its two participants. */
  session: authedProcedure
    .input(liveSlotSchema)
    .query(({ ctx, input }) => liveSessionFor(ctx.db, { role: ctx.auth.role, id: ctx.auth.sub }, input.slotId, ctx.now)),
  /** verify-live: 200 from 10 minutes before the start until the end; otherwise 403 saying why, or 404. */
  verify: authedProcedure.input(liveSlotSchema).mutation(async ({ ctx, input }) => {
    const session = await verifyLive(ctx.db, { role: ctx.auth.role, id: ctx.auth.sub }, input.slotId, ctx.now);
    return { message: "You can join this session.", session };
  }),
  /**
   * What the browser needs to connect, inside the window only: the ICE servers (short-lived TURN credentials when configured),
   * and what the room has recorded of this session so far (ADR 0026), so the page's words while one waits follow the rule that settles it.
   */
  join: authedProcedure.input(liveSlotSchema).mutation(async ({ ctx, input }) => {
    const session = await verifyLive(ctx.db, { role: ctx.auth.role, id: ctx.auth.sub }, input.slotId, ctx.now);
    const [iceServers, presence] = await Promise.all([iceServersFor(ctx.config), presenceBySlot(ctx.db, [input.slotId])]);
    return { session, iceServers, presence: presence.get(input.slotId) ?? [] };
  }),
});
