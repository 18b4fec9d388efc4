import { addSkillsSchema, mentorIdSchema, mentorProfileUpdateSchema, removeSkillSchema } from "../../shared/validation/profiles";
import { mentorSearchSchema } from "../../shared/validation/search";
import { isEnrollmentActive } from "../payments/enrollment-status";
import { refreshMentorPrice } from "../payments/mentor-price";
import { fail } from "../platform/domain-error";
import { paymentsFor } from "../platform/ports/stripe-client";
import { cachedMentorProfile, cachedMentorSearch } from "../search/catalogue-cache";
import { changesCatalogue, mentorProcedure, publicProcedure, router } from "../trpc/init";
import { addMentorSkills, ownMentorProfile, removeMentorSkill, updateMentorProfile } from "./mentor-profiles";

export const mentorsRouter = router({
  search: publicProcedure
    .input(mentorSearchSchema)
    .query(({ ctx, input }) => cachedMentorSearch(ctx.db, input, ctx.config.SEARCH_CACHE_SECONDS, ctx.waitUntil, ctx.now)),

  /** A mentor's public profile; `isEnrollmentActive` is true for a signed-in mentee with a live subscription. */
  profile: publicProcedure.input(mentorIdSchema).query(async ({ ctx, input }) => {
    // A stale token gets 401 so the client refreshes instead of showing "Subscribe" to a subscriber.
    if (ctx.tokenRejected) fail("UNAUTHORIZED", "Your session has expired. Please sign in again.");
    const mentor = await cachedMentorProfile(ctx.db, input.mentorId, ctx.config.SEARCH_CACHE_SECONDS, ctx.waitUntil, ctx.now);
    const viewer = ctx.auth;
    const isEnrollmentActiveForViewer =
      viewer?.role === "mentee" ? await isEnrollmentActive(ctx.db, viewer.sub, input.mentorId, ctx.now) : false;
    return { mentor, isEnrollmentActive: isEnrollmentActiveForViewer };
  }),

  myProfile: mentorProcedure.query(({ ctx }) => ownMentorProfile(ctx.db, ctx.auth.sub, ctx.now)),

  updateProfile: mentorProcedure
    .use(changesCatalogue)
    .input(mentorProfileUpdateSchema)
    .mutation(async ({ ctx, input }) => {
      const changes = input;
      const profile = await updateMentorProfile(ctx.db, ctx.auth.sub, changes, ctx.now);
      // A new rate is a new Stripe Price (the old one archived), made right after the response.
      if (changes.hourlyRate !== undefined) ctx.waitUntil(refreshMentorPrice(ctx.db, paymentsFor(ctx).stripe, ctx.auth.sub));
      return profile;
    }),

  addSkills: mentorProcedure
    .use(changesCatalogue)
    .input(addSkillsSchema)
    .mutation(({ ctx, input }) => addMentorSkills(ctx.db, ctx.auth.sub, input.newSkills, ctx.now)),

  removeSkill: mentorProcedure
    .use(changesCatalogue)
    .input(removeSkillSchema)
    .mutation(({ ctx, input }) => removeMentorSkill(ctx.db, ctx.auth.sub, input.skill)),
});
