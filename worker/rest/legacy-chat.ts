import type { ConversationView, Participants, Person } from "../chat/conversations";
import type { MessageView } from "../chat/messages";

/** Chat as the original client reads it (SPEC §3): `_id`s, and `participants` holding the mentor and the mentee. */

const participant = (p: Person) => ({ _id: p.id, firstName: p.firstName, lastName: p.lastName, profileImageUrl: p.profileImageUrl });

export function legacyConversation(c: ConversationView) {
  return {
    _id: c.id,
    participants: [{ mentor: participant(c.mentor), mentee: participant(c.mentee) }],
    lastMessage: c.lastMessage,
    unreadCount: c.unreadCount,
    updatedAt: c.updatedAt,
    createdAt: c.createdAt,
  };
}

/** The conversation a sent message belongs to, as the send answer carries it. */
export function legacyParticipants(c: Participants) {
  return { _id: c.id, participants: [{ mentor: participant(c.mentor), mentee: participant(c.mentee) }] };
}

export function legacyMessage(m: MessageView) {
  return { _id: m.id, conversation: m.conversationId, ...m };
}
