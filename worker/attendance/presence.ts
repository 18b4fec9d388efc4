import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livePresence } from "../../db/schema";
import type { Presence } from "../../shared/attendance";

/**
 * The live room's own record of who was there (ADR 0026). Only the room writes these, for
 * sockets the Worker admitted; a client never reports its own attendance.
 */

export type Joined = { slotId: string; role: "mentee" | "mentor"; personId: string; connectionId: string };

/** A socket the room admitted opened. */
export async function recordJoin(db: Db, joined: Joined, now: Date): Promise<void> {
  await db.insert(livePresence).values({ ...joined, joinedAt: now });
}

/** A socket closed: its stretch ends now (once; a second close changes nothing). */
export async function recordLeave(db: Db, connectionId: string, now: Date): Promise<void> {
  await db
    .update(livePresence)
    .set({ leftAt: now })
    .where(and(eq(livePresence.connectionId, connectionId), isNull(livePresence.leftAt)));
}

/** The room closed: whoever is still recorded as there left now. */
export async function recordRoomClosed(db: Db, slotId: string, now: Date): Promise<void> {
  await db
    .update(livePresence)
    .set({ leftAt: now })
    .where(and(eq(livePresence.slotId, slotId), isNull(livePresence.leftAt)));
}

/** Everything the room recorded of these sessions, in the rule's terms, by slot (one read). */
export async function presenceBySlot(db: Db, slotIds: string[]): Promise<Map<string, Presence[]>> {
  const bySlot = new Map<string, Presence[]>();
  if (!slotIds.length) return bySlot;
  const rows = await db
    .select({ slotId: livePresence.slotId, role: livePresence.role, joinedAt: livePresence.joinedAt, leftAt: livePresence.leftAt })
    .from(livePresence)
    .where(inArray(livePresence.slotId, slotIds));
  for (const r of rows) {
    const list = bySlot.get(r.slotId) ?? [];
    list.push({ role: r.role, joinedAt: r.joinedAt.getTime(), leftAt: r.leftAt?.getTime() ?? null });
    bySlot.set(r.slotId, list);
  }
  return bySlot;
}
