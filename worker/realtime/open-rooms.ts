import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { openUserRooms } from "../../db/schema";
import type { Role } from "../../shared/role";

type Person = { role: Role; id: string };

/**
 * Which user rooms have a tab connected (ADR 0043). The room writes it when a tab connects or leaves; a wave of bell
 * entries reads it, so thousands of rooms nobody has open are not woken for nothing. Pushes made by a request (a chat
 * message, a booking's notice) do not read it: they reach their one room whatever it says.
 */
export async function recordOpenTabs(db: Db, who: Person, tabs: number, now: Date): Promise<void> {
  const theirs = and(eq(openUserRooms.userRole, who.role), eq(openUserRooms.userId, who.id));
  if (tabs === 0) {
    await db.delete(openUserRooms).where(theirs);
    return;
  }
  await db
    .insert(openUserRooms)
    .values({ userRole: who.role, userId: who.id, tabs, updatedAt: now })
    .onConflictDoUpdate({ target: [openUserRooms.userRole, openUserRooms.userId], set: { tabs, updatedAt: now } });
}

/** The rooms among `people` with a tab connected, as a batchable query; `isOpen` then tells one person's. */
export function openRoomsQuery(db: Db, people: Person[]) {
  return db
    .select({ role: openUserRooms.userRole, id: openUserRooms.userId })
    .from(openUserRooms)
    .where(
      inArray(
        openUserRooms.userId,
        people.map((p) => p.id),
      ),
    );
}

export const isOpen = (open: Person[], who: Person) => open.some((room) => room.role === who.role && room.id === who.id);
