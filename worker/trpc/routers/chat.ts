import { DomainError } from "../../services/domain-error";
import { conversationFor, conversationWith, listConversations, openConversation, participantsFor, unreadSummary, type Participants } from "../../services/chat/conversations";
import { memberOf, type Member } from "../../services/chat/members";
import { markConversationRead, sendMessage, threadPage } from "../../services/chat/messages";
import { pushAllToUser, pushToUser } from "../../services/push";
import type { Db } from "../../../db/client";
import { conversationListSchema, markReadSchema, openConversationSchema, sendMessageSchema, threadPageSchema, unreadCountSchema } from "../../../shared/validation/chat";
import { memberProcedure, router } from "../init";

/** The conversation an id names: the caller's conversation, or (legacy mentor path) the caller's conversation with that person. */
async function conversationByEitherId(db: Db, member: Member, id: string): Promise<Participants> {
  try {
    return await participantsFor(db, member, id);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "NOT_FOUND") throw error;
    const withPerson = await conversationWith(db, member, id);
    if (!withPerson) throw error;
    return withPerson;
  }
}

/**
 * Chat between a mentee and a mentor (SPEC §3, §4, §7). The caller is always the token's account;
 * only the two participants can read or write a conversation.
 */
export const chatRouter = router({
  /** Finds or starts the conversation with the other side ("Chat" on a profile or the mentees list). */
  open: memberProcedure.input(openConversationSchema).mutation(({ ctx, input }) => {
    const member = memberOf(ctx.auth, input.side);
    return openConversation(ctx.db, member, member.role === "mentee" ? input.mentorId : input.menteeId);
  }),

  conversations: memberProcedure.input(conversationListSchema).query(({ ctx, input }) => listConversations(ctx.db, memberOf(ctx.auth, input.side), input.name || undefined)),

  conversation: memberProcedure.input(markReadSchema).query(({ ctx, input }) => conversationFor(ctx.db, memberOf(ctx.auth, input.side), input.conversationId)),

  unread: memberProcedure.input(unreadCountSchema).query(({ ctx, input }) => unreadSummary(ctx.db, memberOf(ctx.auth, input.side))),

  messages: memberProcedure.input(threadPageSchema).query(async ({ ctx, input }) => {
    const conversation = await participantsFor(ctx.db, memberOf(ctx.auth, input.side), input.conversationId);
    return threadPage(ctx.db, conversation, input);
  }),

  /** Stores the message once per client id, then (after the commit) pushes it to both sides' rooms and the recipient's notification. */
  send: memberProcedure.meta({ checkAlongside: true }).input(sendMessageSchema).mutation(async ({ ctx, input }) => {
    const member = memberOf(ctx.auth, input.side);
    const conversation = await conversationByEitherId(ctx.db, member, input.conversationId);
    const result = await sendMessage(ctx.db, member, conversation, input.message, input.clientId);
    if (result.created) {
      const recipient = { role: conversation.other.role, id: conversation.other.id };
      const envelopes = [{ event: "messageReveived" as const, data: result.message }];
      pushAllToUser(ctx.env, ctx.waitUntil, recipient, result.notification ? [...envelopes, { event: "notification" as const, data: result.notification }] : envelopes);
      // The sender's other tabs show it too (the client knows its own messages: no toast, no "new").
      pushToUser(ctx.env, ctx.waitUntil, member, "messageReveived", result.message);
    }
    return { message: result.message, created: result.created, conversation };
  }),

  markRead: memberProcedure.meta({ checkAlongside: true }).input(markReadSchema).mutation(async ({ ctx, input }) => {
    const member = memberOf(ctx.auth, input.side);
    const conversation = await participantsFor(ctx.db, member, input.conversationId);
    return markConversationRead(ctx.db, member, conversation.id);
  }),
});
