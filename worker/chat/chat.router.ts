import {
  conversationListSchema,
  markReadSchema,
  openConversationSchema,
  sendMessageSchema,
  threadPageSchema,
  unreadCountSchema,
} from "../../shared/validation/chat";
import { unlessRefused } from "../trpc/authorize";
import { memberProcedure, router } from "../trpc/init";
import { conversationFor, listConversations, openConversation, participantsFor, unreadSummary } from "./conversations";
import { memberOf } from "./members";
import { markConversationRead, sendMessage, threadPage } from "./messages";

/**
 * Chat between a mentee and a mentor (SPEC §3, §4, §7). The caller is always the token's account;
 * only the two participants can read or write a conversation.
 */
export const chatRouter = router({
  /** Finds or starts the conversation with the other side ("Chat" on a profile or the mentees list). */
  open: memberProcedure.input(openConversationSchema).mutation(({ ctx, input }) => {
    const member = memberOf(ctx.auth, input.side);
    return openConversation(ctx, member, member.role === "mentee" ? input.mentorId : input.menteeId);
  }),

  conversations: memberProcedure
    .input(conversationListSchema)
    .query(({ ctx, input }) => listConversations(ctx.db, memberOf(ctx.auth, input.side), input.name || undefined)),

  conversation: memberProcedure
    .input(markReadSchema)
    .query(({ ctx, input }) => conversationFor(ctx.db, memberOf(ctx.auth, input.side), input.conversationId)),

  unread: memberProcedure.input(unreadCountSchema).query(({ ctx, input }) => unreadSummary(ctx.db, memberOf(ctx.auth, input.side))),

  messages: memberProcedure.input(threadPageSchema).query(async ({ ctx, input }) => {
    const conversation = await participantsFor(ctx.db, memberOf(ctx.auth, input.side), input.conversationId);
    return threadPage(ctx.db, conversation, input);
  }),

  /**
   * Stores the message once per client id in one round trip that carries the account check (`checkInBatch`); the service
   * pushes it after the commit.
   */
  send: memberProcedure
    .meta({ checkInBatch: true })
    .input(sendMessageSchema)
    .mutation(async ({ ctx, input }) => {
      const member = memberOf(ctx.auth, input.side);
      const result = unlessRefused(
        ctx,
        ctx.auth,
        await sendMessage(
          { db: ctx.dbForSelfCheckingBatch, env: ctx.env, waitUntil: ctx.waitUntil, now: ctx.now },
          { ...member, sessionId: ctx.auth.sid },
          input.conversationId,
          input.message,
          input.clientId,
        ),
      );
      return { message: result.message, created: result.created, conversation: result.conversation };
    }),

  /** Marks the conversation read in one round trip that carries the account check (`checkInBatch`). */
  markRead: memberProcedure
    .meta({ checkInBatch: true })
    .input(markReadSchema)
    .mutation(async ({ ctx, input }) => {
      const member = memberOf(ctx.auth, input.side);
      return unlessRefused(
        ctx,
        ctx.auth,
        await markConversationRead(
          { db: ctx.dbForSelfCheckingBatch, now: ctx.now },
          { ...member, sessionId: ctx.auth.sid },
          input.conversationId,
        ),
      );
    }),
});
