import { and, count, desc, eq, ne, not, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { NoticeKind } from "../../shared/notification-kinds";
import type { NotificationPush } from "../../shared/realtime-protocol";
import type { ServiceDeps, WaitUntil } from "../platform/deps";
import type { Env } from "../platform/env";
import { pushToUser, type Recipient } from "../realtime/push";
import { channelOffSql } from "./notice-preferences";

/** A bell entry: the shape the push carries (shared/realtime-protocol.ts). */
export type NotificationView = NotificationPush;

/** `kind` says what it is about (ADR 0027): which of the recipient's channels (bell, e-mail, push) carry it. */
export type NotificationInput = { type: "message" | "alert"; kind: NoticeKind; content: string; conversationId?: string; id?: string };

/**
 * The id of the notice a sign-in writes ("New sign-in to your account…"): named after that sign-in, so her other
 * tabs and devices are told (the push, the bell) and the sign-in that caused it is not told about itself.
 */
export const signInNoticeId = (signInId: string) => `sign-in:${signInId}`;

/**
 * A notification as a statement for the SAME `db.batch` as the change it tells about, and its view
 * for the push after the commit (`pushNotification`). With `ifPreviousChanged`, the row is written
 * only when the statement just before it in the batch changed a row (SQLite's `changes()`, same
 * connection and transaction), so a conditional update and its notification commit together or not
 * at all.
 */
export function notificationWrite(
  db: Db,
  to: Recipient,
  input: NotificationInput,
  now: Date,
  options: { ifPreviousChanged?: boolean } = {},
) {
  const id = crypto.randomUUID();
  const view: NotificationView = {
    id,
    type: input.type,
    kind: input.kind,
    content: input.content,
    isRead: false,
    conversationId: input.conversationId ?? null,
    time: now.toISOString(),
    createdAt: now.toISOString(),
  };
  const statement = options.ifPreviousChanged
    ? db.run(sql`insert into ${notifications} (id, recipient_role, recipient_id, type, kind, content, conversation_id, is_read, created_at)
        select ${id}, ${to.role}, ${to.id}, ${input.type}, ${input.kind}, ${input.content}, ${input.conversationId ?? null}, 0, ${now.getTime()} where changes() = 1`)
    : db.insert(notifications).values({
        id,
        recipientRole: to.role,
        recipientId: to.id,
        type: input.type,
        kind: input.kind,
        content: input.content,
        conversationId: input.conversationId,
        createdAt: now,
      });
  return { statement, view };
}

/** A bell entry written with a change (in its batch), to push once the change committed. */
export type Told = { to: Recipient; view: NotificationView };

/** Tells the recipient's open tabs, and her devices by Web Push (services/push.ts), about a notification that has been committed. */
export function pushNotification(env: Env, waitUntil: WaitUntil, to: Recipient, view: NotificationView) {
  pushToUser(env, waitUntil, to, "notification", view);
}

type NotificationRow = typeof notifications.$inferSelect;

export function notificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    content: row.content,
    isRead: row.isRead,
    conversationId: row.conversationId,
    time: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The bell shows this many (SPEC §9). */
export const BELL_SIZE = 5;

const mine = (who: Recipient) => and(eq(notifications.recipientRole, who.role), eq(notifications.recipientId, who.id));
/** The kinds she turned off "in the app" leave her bell; the rows stay, and come back when she turns it on. */
const shownKinds = (who: Recipient) => not(channelOffSql(who.role, who.id, sql`${notifications.kind}`, "inApp"));

/**
 * A user's latest notifications, newest first, and how many of all theirs are unread (the bell's red dot), as the
 * sign-in `viewerSignIn` sees them: without the notice of that sign-in itself.
 */
export async function latestNotifications(
  db: Db,
  who: Recipient,
  limit = BELL_SIZE,
  viewerSignIn?: string,
): Promise<{ notifications: NotificationView[]; unreadCount: number }> {
  const shown = (w: Recipient) => (viewerSignIn ? and(shownKinds(w), ne(notifications.id, signInNoticeId(viewerSignIn))) : shownKinds(w));
  const [rows, [unread]] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(and(mine(who), shown(who)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(who), shown(who), eq(notifications.isRead, false))),
  ]);
  return { notifications: rows.map(notificationView), unreadCount: unread?.n ?? 0 };
}

/** Marks every notification of a user read (opening the bell). */
export async function markNotificationsRead(db: Db, who: Recipient): Promise<{ marked: number }> {
  const result = await db.run(
    sql`update notifications set is_read = 1 where recipient_role = ${who.role} and recipient_id = ${who.id} and is_read = 0`,
  );
  return { marked: result.rowsAffected };
}

/** Stores a notification on its own (nothing else changes with it), then pushes it to the recipient's room. */
export async function notify(
  { db, env, waitUntil, now }: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  to: Recipient,
  input: NotificationInput,
): Promise<NotificationView> {
  const [row] = await db
    .insert(notifications)
    .values({
      ...(input.id ? { id: input.id } : {}),
      recipientRole: to.role,
      recipientId: to.id,
      type: input.type,
      kind: input.kind,
      content: input.content,
      conversationId: input.conversationId,
      createdAt: now,
    })
    .returning();
  const view = notificationView(row);
  pushNotification(env, waitUntil, to, view);
  return view;
}
