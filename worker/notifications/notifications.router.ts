import { notificationsSchema } from "../../shared/validation/notifications";
import { memberOf } from "../chat/members";
import { memberProcedure, router } from "../trpc/init";
import { latestNotifications, markNotificationsRead } from "./notifications";

/** The notification bell of mentees and mentors (SPEC §2, §4). */
export const notificationsRouter = router({
  latest: memberProcedure
    .input(notificationsSchema)
    .query(({ ctx, input }) => latestNotifications(ctx.db, memberOf(ctx.auth, input.side), input.limit, ctx.auth.sid)),
  markAllRead: memberProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(notificationsSchema)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.db, memberOf(ctx.auth, input.side))),
});
