import type { ConversationView, Participants, Person } from "../chat/conversations";
import type { MessageView } from "../chat/messages";

/** Chat as the original client reads it (SPEC §3): `_id`s, and `participants` holding the mentor and the mentee. */

const participant = (p: Person) => ({ _id: p.id, firstName: p.firstName, lastName: p.lastName, profileImageUrl: p.profileImageUrl });

/**
 * The original client's inbox always asks `?mentorName=hello` (a constant left in its code, whatever the
 * search box says; it filters the list itself). Its server ignored the value, so this one word is no filter;
 * any other name still narrows the list (ADR 0036).
 */
export const ORIGINAL_CLIENT_NAME_PLACEHOLDER = "hello";

export const conversationNameFilter = (name: string | undefined) => (name === ORIGINAL_CLIENT_NAME_PLACEHOLDER ? undefined : name);

/**
 * The last message as the original inbox row reads it: `content`, `createdAt`, `sender.senderType` and
 * `isRead`. Reading a conversation marks every message from the other side read, so the other side's last
 * message is read exactly when nothing from them is unread. Whether the other person has read the caller's
 * own last message is not known here: `null` (the inbox shows no state for one's own message; ADR 0036).
 */
function latestMessage(c: ConversationView) {
  const last = c.lastMessage;
  if (!last) return null;
  const fromOther = last.senderType === c.other.role;
  return {
    content: last.content,
    createdAt: last.createdAt,
    sender: { senderType: last.senderType },
    isRead: fromOther ? c.unreadCount === 0 : null,
  };
}

export function legacyConversation(c: ConversationView) {
  return {
    _id: c.id,
    participants: [{ mentor: participant(c.mentor), mentee: participant(c.mentee) }],
    lastMessage: c.lastMessage,
    latestMessage: latestMessage(c),
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
