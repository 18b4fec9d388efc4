import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { Role } from "../../shared/role";
import { type DeviceTarget, deviceTargetsQuery } from "../notifications/web-push/send";
import { runWithConcurrencyLimit } from "../platform/concurrency-limit";
import type { Env, NoticePushJob } from "../platform/env";
import { sendJobs } from "../platform/queues";
import { isOpen, openRoomsQuery } from "../realtime/open-rooms";
import { pushAllToUser } from "../realtime/push";

/**
 * Bell notices fanned out by a queue (ADR 0031): the notification rows are the truth; a message names them. Used where
 * one piece of background work makes many notices at once (a wave of reminders), so waking thousands of rooms and
 * devices never delays the mail, and is done a few at a time. A request's own notice is still pushed right after its
 * commit (`services/push.ts`).
 */
const NOTICES_PER_MESSAGE = 50;
/** Rooms and devices reached at once by one delivery: a room is a Durable Object woken for the call. */
const PUSHES_AT_ONCE = 25;

export async function queueNoticePushes(env: Env, notificationIds: string[]): Promise<void> {
  const jobs: NoticePushJob[] = [];
  for (let i = 0; i < notificationIds.length; i += NOTICES_PER_MESSAGE)
    jobs.push({ kind: "notice-push", notificationIds: notificationIds.slice(i, i + NOTICES_PER_MESSAGE) });
  await sendJobs(env.NOTICE_PUSHES, jobs);
}

/**
 * Pushes the notices `ids` to their recipients' open tabs and devices, PUSHES_AT_ONCE at a time; a notice gone since is
 * skipped, and a room with no tab connected is not called.
 */
export async function pushNotices(db: Db, env: Env, ids: string[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
  if (rows.length === 0) return 0;
  const recipients = rows.map((n) => ({ role: n.recipientRole as Role, id: n.recipientId }));
  const deviceReads = rows.map((n, i) => deviceTargetsQuery(db, recipients[i], n.kind, now));
  // Only the rooms with a tab open are woken (ADR 0043): in a wave of reminders, most people have none.
  const [open, ...devices] = (await db.batch([openRoomsQuery(db, recipients), ...deviceReads])) as [
    { role: Role; id: string }[],
    ...DeviceTarget[][],
  ];
  await runWithConcurrencyLimit(rows, PUSHES_AT_ONCE, async (n, i) => {
    const pending: Promise<unknown>[] = [];
    const notice = {
      id: n.id,
      type: n.type,
      kind: n.kind,
      content: n.content,
      isRead: n.isRead,
      conversationId: n.conversationId,
      time: n.createdAt.toISOString(),
      createdAt: n.createdAt.toISOString(),
    };
    pushAllToUser(
      env,
      (p) => pending.push(p),
      recipients[i],
      [{ event: "notification", data: notice }],
      devices[i],
      isOpen(open, recipients[i]),
    );
    await Promise.all(pending);
  });
  return rows.length;
}
