import { decideDisputeSchema, disputeSchema } from "../../shared/validation/attendance";
import { memberOf } from "../chat/members";
import { memberProcedure, moderatorProcedure, router } from "../trpc/init";
import { decideAttendanceDispute, disputeOutcome } from "./disputes";
import { recentSessions } from "./recent";

/** Attendance (ADR 0026): a participant disputes a session's outcome; a moderator decides. */
export const attendanceRouter = router({
  /** Within 24 hours of the outcome, once per session: an attendance ticket in the moderators' queue. */
  dispute: memberProcedure
    .input(disputeSchema)
    .mutation(({ ctx, input }) => disputeOutcome(ctx, memberOf(ctx.auth), input.slotId, input.what)),
  /** The caller's sessions of the last two weeks with their outcomes (the mentor's dashboard). */
  recent: memberProcedure.query(({ ctx }) => recentSessions(ctx.db, memberOf(ctx.auth), ctx.now)),
  /** Keeps or changes the outcome of a disputed session, closing its ticket (audited). */
  decide: moderatorProcedure
    .input(decideDisputeSchema)
    .mutation(({ ctx, input }) => decideAttendanceDispute(ctx, ctx.auth.sub, input.ticketId, input.outcome, input.note)),
});
