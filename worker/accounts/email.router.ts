import { confirmEmailSchema } from "../../shared/validation/email-proofs";
import { memberProcedure, publicProcedure, router } from "../trpc/init";
import { confirmEmailProof, emailStatus, sendVerificationLink } from "./email-proofs";
import { reapplyStatements } from "./registration";

/** Proving an e-mail address with a mailed link (ADR 0019). */
export const emailRouter = router({
  /** Whether the signed-in mentee's or mentor's address is proven (the "verify your e-mail" banner). */
  status: memberProcedure.query(({ ctx }) => emailStatus(ctx.db, { role: ctx.auth.role as "mentee" | "mentor", userId: ctx.auth.sub })),

  /** Mails a new link (at most one a minute, five an hour). */
  sendVerification: memberProcedure.mutation(({ ctx }) =>
    sendVerificationLink(ctx, { role: ctx.auth.role as "mentee" | "mentor", userId: ctx.auth.sub }, ctx.now.getTime()),
  ),

  /** Opens a link: no sign-in needed, the secret in the link is the proof. */
  confirm: publicProcedure
    .input(confirmEmailSchema)
    .mutation(({ ctx, input }) => confirmEmailProof(ctx.db, input.token, ctx.now.getTime(), reapplyStatements)),
});
