import { authedProcedure, router } from "../trpc/init";
import { issueSocketTicket } from "./socket-tickets";

/** Realtime sockets (ADR 0020): a socket opens with a ticket, never with the access token in its URL. */
export const realtimeRouter = router({
  /** A single-use ticket valid for 30 s, for `?ticket=` on `/parties/user-room/...` or `/parties/live-room/...`. */
  ticket: authedProcedure.mutation(({ ctx }) => issueSocketTicket(ctx.db, ctx.auth, ctx.now)),
});
