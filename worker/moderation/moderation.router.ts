import {
  acceptApplicantSchema,
  accountListSchema,
  applicantListSchema,
  auditSchema,
  blockFromTicketSchema,
  dismissTicketSchema,
  rejectApplicantSchema,
  sessionHistorySchema,
  setBlockedSchema,
  statisticsSchema,
  ticketPageSchema,
  toggleMenteeSchema,
  toggleMentorSchema,
} from "../../shared/validation/moderation";
import { sessionHistory } from "../attendance/recent";
import { backgroundProcedures } from "../background/moderation-background.router";
import { moneyProcedures } from "../payouts/moderation-money.router";
import { responsivenessProcedures } from "../responsiveness/moderation-responsiveness.router";
import { changesCatalogue, moderatorProcedure, router } from "../trpc/init";
import { listMentees, listMentors } from "./account-lists";
import { acceptApplicant, listApplicants, listApplicantsPage, rejectApplicant } from "./applicants";
import { listAudit, listModerators } from "./audit";
import { blockFromTicket, setAccountBlocked, toggleAccountBlocked } from "./blocking";
import { dailyEnrollments, dailyNewMentees, homeCounts } from "./statistics";
import { dismissTicket, listTicketQueue } from "./ticket-queue";

/** Said in the audit log when a legacy client toggled a block without a reason. */
const NO_REASON = "No reason given";

/** The moderator area (SPEC §2, §7 Moderator): only moderators, on every procedure. */
export const moderationRouter = router({
  ...moneyProcedures,
  ...backgroundProcedures,
  ...responsivenessProcedures,
  home: moderatorProcedure.input(statisticsSchema).query(({ ctx, input }) => homeCounts(ctx.db, input.timeZone, ctx.now)),
  mentees: moderatorProcedure.input(accountListSchema).query(({ ctx, input }) => listMentees(ctx.db, input, ctx.now)),
  mentors: moderatorProcedure.input(accountListSchema).query(({ ctx, input }) => listMentors(ctx.db, input, ctx.now)),
  /** A mentee's or mentor's settled sessions of the record's 90 days with their outcomes, to check a no-show flag before Block. */
  sessionHistory: moderatorProcedure
    .input(sessionHistorySchema)
    .query(({ ctx, input }) => sessionHistory(ctx.db, { role: input.role, id: input.id }, ctx.now)),
  applicants: moderatorProcedure.query(({ ctx }) => listApplicants(ctx.db)),
  /** Pending applications searched, sorted and paged on the server (the moderator's screen; `applicants` stays the whole REST list). */
  applicantsPage: moderatorProcedure.input(applicantListSchema).query(({ ctx, input }) => listApplicantsPage(ctx.db, input)),

  setBlocked: moderatorProcedure
    .use(changesCatalogue)
    .input(setBlockedSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await setAccountBlocked(ctx, ctx.auth.sub, { role: input.role, id: input.id }, input.blocked, input.reason);
      return { message: outcome.isBlocked ? "User Blocked" : "User Unblocked", ...outcome };
    }),
  toggleMentee: moderatorProcedure.input(toggleMenteeSchema).mutation(async ({ ctx, input }) => {
    const outcome = await toggleAccountBlocked(ctx, ctx.auth.sub, { role: "mentee", id: input.menteeId }, input.reason ?? NO_REASON);
    return { message: outcome.isBlocked ? "User Blocked" : "User Unblocked", ...outcome };
  }),
  toggleMentor: moderatorProcedure
    .use(changesCatalogue)
    .input(toggleMentorSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await toggleAccountBlocked(ctx, ctx.auth.sub, { role: "mentor", id: input.mentorId }, input.reason ?? NO_REASON);
      return { message: outcome.isBlocked ? "User Blocked" : "User Unblocked", ...outcome };
    }),

  acceptApplicant: moderatorProcedure
    .use(changesCatalogue)
    .input(acceptApplicantSchema)
    .mutation(({ ctx, input }) => acceptApplicant(ctx, ctx.auth.sub, input.mentorId)),
  rejectApplicant: moderatorProcedure
    .input(rejectApplicantSchema)
    .mutation(({ ctx, input }) => rejectApplicant(ctx, ctx.auth.sub, input.mentorId, input.reason)),

  tickets: moderatorProcedure.input(ticketPageSchema).query(({ ctx, input }) => listTicketQueue(ctx.db, input.page)),
  blockFromTicket: moderatorProcedure
    .use(changesCatalogue)
    .input(blockFromTicketSchema)
    .mutation(({ ctx, input }) => blockFromTicket(ctx, ctx.auth.sub, input.ticketId, input.note)),
  dismissTicket: moderatorProcedure
    .input(dismissTicketSchema)
    .mutation(({ ctx, input }) => dismissTicket(ctx, ctx.auth.sub, input.ticketId, input.note)),

  dailyEnrollments: moderatorProcedure.input(statisticsSchema).query(({ ctx, input }) => dailyEnrollments(ctx.db, input.timeZone, ctx.now)),
  dailyNewMentees: moderatorProcedure.input(statisticsSchema).query(({ ctx, input }) => dailyNewMentees(ctx.db, input.timeZone, ctx.now)),

  audit: moderatorProcedure.input(auditSchema).query(({ ctx, input }) => listAudit(ctx.db, input)),
  moderators: moderatorProcedure.query(({ ctx }) => listModerators(ctx.db)),
});
