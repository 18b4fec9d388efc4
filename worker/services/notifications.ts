import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { Env } from "../env";
import { pushToUser, type Recipient } from "./push";

export type NotificationView = {
  id: string;
  type: "message" | "alert";
  content: string;
  isRead: boolean;
  conversationId: string | null;
  time: string;
  createdAt: string;
};

/** Stores a notification, then pushes it to the recipient's room. */
export async function notify(
  db: Db,
  env: Env,
  waitUntil: (p: Promise<unknown>) => void,
  to: Recipient,
  input: { type: "message" | "alert"; content: string; conversationId?: string },
): Promise<NotificationView> {
  const [row] = await db
    .insert(notifications)
    .values({ recipientRole: to.role, recipientId: to.id, type: input.type, content: input.content, conversationId: input.conversationId })
    .returning();
  const view: NotificationView = {
    id: row.id,
    type: row.type,
    content: row.content,
    isRead: row.isRead,
    conversationId: row.conversationId,
    time: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
  pushToUser(env, waitUntil, to, "notification", view);
  return view;
}

/** A notification about to be written in the same batch as the change it reports. */
export type PendingNotification = { to: Recipient; view: NotificationView };

/**
 * The insert of a notification that exists only if `condition` holds in the same transaction, e.g.
 * `changes() = 1` right after the conditional update it reports (ADR 0013): the change and its
 * notification commit together or not at all. Push it with `pushNotification` after the batch.
 */
export function notificationInsertWhen(db: Db, to: Recipient, input: { type: "message" | "alert"; content: string }, condition: SQL, now = new Date()) {
  const id = crypto.randomUUID();
  const view: NotificationView = { id, type: input.type, content: input.content, isRead: false, conversationId: null, time: now.toISOString(), createdAt: now.toISOString() };
  const statement = db.run(sql`insert into notifications (id, recipient_role, recipient_id, type, content, conversation_id, is_read, created_at)
    select ${id}, ${to.role}, ${to.id}, ${input.type}, ${input.content}, null, 0, ${now.getTime()} where ${condition}`);
  return { statement, pending: { to, view } satisfies PendingNotification };
}

/** After the commit: the notification's push to the recipient's room. */
export function pushNotification(env: Env, waitUntil: (p: Promise<unknown>) => void, pending: PendingNotification) {
  pushToUser(env, waitUntil, pending.to, "notification", pending.view);
}
