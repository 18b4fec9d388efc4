import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversations, mentees, mentors, messages } from "../../db/schema";
import type { MessagePush } from "../../shared/realtime-protocol";
import { accountMayAct, accountRefusal, accountStateOf, accountStateQuery, type Refused } from "../accounts/accounts";
import type { NotificationView } from "../notifications/notifications";
import { type DeviceTarget, deviceTargetsQuery } from "../notifications/web-push/send";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { pushAllToUser, pushToUser } from "../realtime/push";
import { markMentorActive } from "../responsiveness/last-active";
import { conversationNamed, otherSide, type Participants, participantsOf, participantsQuery } from "./conversations";
import { type Member, otherRole } from "./members";

/** A sender may send at most this many messages in any window of this length (a retried send is not counted twice). */
export const SEND_LIMIT = 20;
export const SEND_WINDOW_MS = 10_000;
export const TOO_FAST = "You are sending messages too fast. Please wait a few seconds and try again.";
export const RECIPIENT_BLOCKED = "This account has been blocked by a moderator and cannot receive messages.";
export const CLIENT_ID_REUSED = "This message id was already used for another conversation.";

/** A message as SPEC §3 shows it (`content`, `sender.senderType`, `sender.senderId.firstName`), with its ids and times. */
/** A message: the shape the push carries (shared/realtime-protocol.ts). */
export type MessageView = MessagePush;

type MessageRow = typeof messages.$inferSelect;

export function messageView(conversation: Participants, row: MessageRow): MessageView {
  const who = row.senderType === "mentee" ? conversation.mentee : conversation.mentor;
  return {
    id: row.id,
    conversationId: row.conversationId,
    clientId: row.clientId,
    content: row.content,
    sender: { senderType: row.senderType, senderId: { _id: row.senderId, firstName: who.firstName } },
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export type ThreadPage = { messages: MessageView[]; nextCursor: string | null };

async function cursorRow(db: Db, conversationId: string, messageId: string) {
  const [row] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  if (!row) fail("BAD_REQUEST", "That message is not in this conversation.");
  return row;
}

/**
 * A page of the thread, oldest to newest. Without a cursor: the newest `limit` messages. With
 * `cursor`: the `limit` messages before that one ("load earlier"). With `after`: the messages after
 * that one, oldest first (catching up after a reconnect). `nextCursor` points at earlier messages.
 */
export async function threadPage(
  db: Db,
  conversation: Participants,
  input: { cursor?: string | null; after?: string; limit: number },
): Promise<ThreadPage> {
  const inThread = eq(messages.conversationId, conversation.id);
  if (input.after) {
    const from = await cursorRow(db, conversation.id, input.after);
    const rows = await db
      .select()
      .from(messages)
      .where(
        and(inThread, or(gt(messages.createdAt, from.createdAt), and(eq(messages.createdAt, from.createdAt), gt(messages.id, from.id)))),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(input.limit);
    return { messages: rows.map((r) => messageView(conversation, r)), nextCursor: null };
  }
  const before = input.cursor ? await cursorRow(db, conversation.id, input.cursor) : null;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        inThread,
        before
          ? or(lt(messages.createdAt, before.createdAt), and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit + 1);
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit).reverse();
  return { messages: page.map((r) => messageView(conversation, r)), nextCursor: hasMore ? page[0].id : null };
}

export type SendResult = {
  /** The conversation the message went to, as the sender sees it. */
  conversation: Participants;
  message: MessageView;
  /** False when this client id had already been stored (a retry): nothing new was written or pushed. */
  created: boolean;
  /** The recipient's new notification, to push after the commit. */
  notification: NotificationView | null;
  /** The recipient's Web Push devices, read in the same batch, for the notification's push. */
  recipientDevices: DeviceTarget[];
};

/**
 * Sends a message in one round trip (ADR 0017): one batch, one transaction, which reads the sender's account state and the
 * conversation `ref` names (its id, or on the legacy mentor path the other person's id), then stores the message only
 * where the account may act (`accountMayAct`, the account check's own rule in SQL), the conversation is the sender's, the
 * recipient is not blocked, the sender is under the rate limit, and this client id is new; then, only if it was stored, the
 * conversation's last activity and the recipient's message notification (replacing an unread one of the same
 * conversation, so the bell holds one line per conversation with news). The reads say why when nothing was stored.
 * After the commit, a stored message is pushed to both sides' rooms and the recipient gets the notification.
 *
 * The message's time, the rate window and the notification's time are the request's `now`; whether the sign-in is live
 * is measured on the real clock, as the account check before every procedure measures it (`accountMayAct`).
 */
export async function sendMessage(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  sender: Member & { sessionId?: string },
  ref: string,
  content: string,
  clientId: string = crypto.randomUUID(),
): Promise<SendResult | Refused> {
  const { db } = deps;
  const id = crypto.randomUUID();
  const notificationId = crypto.randomUUID();
  const now = deps.now.getTime();
  const recipientRole = otherRole(sender.role);
  const other = otherSide(sender);
  const named = conversationNamed(sender, ref, true);
  const recipients = sender.role === "mentee" ? mentors : mentees;
  const senders = sender.role === "mentee" ? mentees : mentors;
  const storedIn = sql`(select conversation_id from messages where id = ${id})`;
  const underLimit = sql`(select count(*) from messages where sender_type = ${sender.role} and sender_id = ${sender.id} and created_at > ${now - SEND_WINDOW_MS}) < ${SEND_LIMIT}`;
  const [state, members, inserted, , , , recipientDevices] = await db.batch([
    accountStateQuery(db, sender.role, sender.id, sender.sessionId),
    participantsQuery(db, sender, ref, true),
    db.run(sql`insert into messages (id, conversation_id, sender_type, sender_id, content, client_id, created_at)
      select ${id}, ${conversations.id}, ${sender.role}, ${sender.id}, ${content}, ${clientId}, ${now}
      from ${conversations} join ${recipients} on ${recipients.id} = ${other}
      where ${named.where} and ${recipients.isBlocked} = 0
        and ${accountMayAct(sender.role, sender.id, sender.sessionId)} and ${underLimit}
      order by ${named.first} limit 1
      on conflict (sender_type, sender_id, client_id) do nothing`),
    db.run(sql`update conversations set last_message_at = ${now} where id = ${storedIn}`),
    db.run(sql`delete from notifications where recipient_role = ${recipientRole} and recipient_id = (select ${other} from ${conversations} where ${conversations.id} = ${storedIn})
      and conversation_id = ${storedIn} and type = 'message' and is_read = 0`),
    db.run(sql`insert into notifications (id, recipient_role, recipient_id, type, kind, content, conversation_id, is_read, created_at)
      select ${notificationId}, ${recipientRole}, ${other}, 'message', 'message', 'New message from ' || ${senders.firstName} || ' ' || ${senders.lastName}, ${conversations.id}, 0, ${now}
      from ${conversations} join ${senders} on ${senders.id} = ${sender.id} where ${conversations.id} = ${storedIn}`),
    // The recipient's devices for the notification's Web Push (ADR 0027), so the push after the commit needs no trip.
    deviceTargetsQuery(
      db,
      { role: recipientRole, id: sql`(select ${other} from ${conversations} where ${conversations.id} = ${storedIn})` },
      "message",
      now,
    ),
    // A mentor who writes is active (ADR 0026): at most one write an hour, in this same batch.
    ...(sender.role === "mentor" ? [markMentorActive(db, sender.id, now, sql`exists (select 1 from messages where id = ${id})`)] : []),
  ]);
  const refused = accountRefusal(sender.role, accountStateOf(state));
  if (refused) return { refused };
  const conversation = participantsOf(sender, members);
  if (conversation.other.isBlocked) fail("FORBIDDEN", RECIPIENT_BLOCKED);
  if (inserted.rowsAffected === 1) {
    const row: MessageRow = {
      id,
      conversationId: conversation.id,
      senderType: sender.role,
      senderId: sender.id,
      content,
      clientId,
      readAt: null,
      createdAt: new Date(now),
    };
    const at = new Date(now).toISOString();
    const senderPerson = sender.role === "mentee" ? conversation.mentee : conversation.mentor;
    const notification: NotificationView = {
      id: notificationId,
      type: "message",
      kind: "message",
      content: `New message from ${senderPerson.name}`,
      isRead: false,
      conversationId: conversation.id,
      time: at,
      createdAt: at,
    };
    const sent: SendResult = { conversation, message: messageView(conversation, row), created: true, notification, recipientDevices };
    pushSent(deps, sender, sent);
    return sent;
  }
  // Not stored: either this send was stored before (a retry), or the sender is over the limit.
  const [earlier] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderType, sender.role), eq(messages.senderId, sender.id), eq(messages.clientId, clientId)));
  if (earlier) {
    if (earlier.conversationId !== conversation.id) fail("CONFLICT", CLIENT_ID_REUSED);
    return { conversation, message: messageView(conversation, earlier), created: false, notification: null, recipientDevices: [] };
  }
  fail("TOO_MANY_REQUESTS", TOO_FAST);
}

/** After the commit: the message to the recipient's room with her notification (and its Web Push), and to the sender's other tabs. */
function pushSent({ env, waitUntil }: Pick<ServiceDeps, "env" | "waitUntil">, sender: Member, sent: SendResult): void {
  const recipient = { role: sent.conversation.other.role, id: sent.conversation.other.id };
  const envelopes = [{ event: "messageReveived" as const, data: sent.message }];
  pushAllToUser(
    env,
    waitUntil,
    recipient,
    sent.notification ? [...envelopes, { event: "notification" as const, data: sent.notification }] : envelopes,
    sent.recipientDevices,
  );
  // The sender's other tabs show it too (the client knows its own messages: no toast, no "new").
  pushToUser(env, waitUntil, { role: sender.role, id: sender.id }, "messageReveived", sent.message);
}

/**
 * Marks the other participant's messages to the caller read, and the caller's message notifications of this conversation,
 * in one round trip: the batch reads the reader's account state and the conversation, and both updates are
 * guarded by the account check's rule in SQL (`accountMayAct`) and by the conversation being the reader's.
 */
export async function markConversationRead(
  { db, now: at }: Pick<ServiceDeps, "db" | "now">,
  reader: Member & { sessionId?: string },
  conversationId: string,
): Promise<{ marked: number } | Refused> {
  const now = at.getTime();
  const theirs = sql`exists (select 1 from ${conversations} where ${conversationNamed(reader, conversationId).where}) and ${accountMayAct(reader.role, reader.id, reader.sessionId)}`;
  const [state, members, marked] = await db.batch([
    accountStateQuery(db, reader.role, reader.id, reader.sessionId),
    participantsQuery(db, reader, conversationId),
    db.run(
      sql`update messages set read_at = ${now} where conversation_id = ${conversationId} and sender_type = ${otherRole(reader.role)} and read_at is null and ${theirs}`,
    ),
    db.run(sql`update notifications set is_read = 1 where recipient_role = ${reader.role} and recipient_id = ${reader.id}
      and conversation_id = ${conversationId} and type = 'message' and is_read = 0 and ${theirs}`),
  ]);
  const refused = accountRefusal(reader.role, accountStateOf(state));
  if (refused) return { refused };
  participantsOf(reader, members);
  return { marked: marked.rowsAffected };
}
