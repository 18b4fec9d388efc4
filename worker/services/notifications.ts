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
