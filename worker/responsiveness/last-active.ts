import { and, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentors } from "../../db/schema";
import { LAST_ACTIVE_EVERY_MS } from "../../shared/last-active";

/**
 * A mentor was seen doing something (signing in, refreshing his sign-in, sending a message): his
 * "last active" moves to `now`, but at most once an hour. One conditional update, meant to travel in
 * the batch of the write that saw him (no round trip of its own); within the hour it matches no row
 * and writes nothing. `onlyIf` (optional) is a further SQL condition, e.g. "the message was stored".
 */
export function markMentorActive(db: Db, mentorId: string, now: number, onlyIf?: SQL) {
  const stale = or(isNull(mentors.lastActiveAt), lt(mentors.lastActiveAt, new Date(now - LAST_ACTIVE_EVERY_MS)));
  return db
    .update(mentors)
    .set({ lastActiveAt: new Date(now) })
    .where(and(eq(mentors.id, mentorId), stale, onlyIf));
}
