import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Party, Presence } from "../../shared/attendance";
import type { LiveCall } from "./live-call";

/** What the room had recorded of the session when one joined (the `live.join` answer), on the server's clock. */
export type RoomRecord = { presence: Presence[]; readAt: number };

/**
 * The session's presence as this page knows it, on the server's clock: what the room had recorded when
 * one joined (the other's stretches still open then end at that read: the room said whether they were
 * there), one's own stay since, and each stretch the other has been in the room with one since. Fed to
 * the same rule that settles the session (shared/attendance.ts), so the page never says something the
 * outcome will contradict.
 */
export function useRoomPresence(call: LiveCall, record: RoomRecord, viewer: Party, now: number): Presence[] {
  const { status } = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const other: Party = viewer === "mentee" ? "mentor" : "mentee";
  // `now` ticks once a second: a stretch is stamped with the clock read at that moment (the last tick plus what passed
  // since), so a stay shorter than a tick still has a length, as the room records it.
  const clock = useRef({ now, readAt: Date.now() });
  if (clock.current.now !== now) clock.current = { now, readAt: Date.now() };
  const [seen, setSeen] = useState<Presence[]>([]);
  // The room says the other is here (welcome, peer-joined) or gone (peer-left); a dropped socket says nothing either way.
  const otherHere =
    status === "connecting" || status === "connected" ? true : status === "waiting" || status === "peer-left" ? false : null;
  useEffect(() => {
    if (otherHere === null) return;
    const at = clock.current.now + (Date.now() - clock.current.readAt);
    setSeen((list) => {
      const last = list.at(-1);
      const open = last !== undefined && last.leftAt === null;
      if (otherHere && !open) return [...list, { role: other, joinedAt: at, leftAt: null }];
      if (!otherHere && open) return [...list.slice(0, -1), { ...last, leftAt: at }];
      return list;
    });
  }, [otherHere, other]);
  const before = record.presence.map((p) => (p.role === other && p.leftAt === null ? { ...p, leftAt: record.readAt } : p));
  return [...before, { role: viewer, joinedAt: record.readAt, leftAt: null }, ...seen];
}
