import { t } from "@lingui/core/macro";
import { addDays } from "../../shared/zoned-time";
import { dayOf, longDate } from "../platform/dates";

/** Pure logic of an open thread: merging held pages with sends in flight, and day separators. */

export type HeldMessage = {
  id: string;
  clientId: string | null;
  content: string;
  createdAt: string;
  sender: { senderType: "mentee" | "mentor"; senderId: { _id: string; firstName: string } };
};

/** A message this tab is sending or failed to send; it carries the client id the server keys the send by. */
export type PendingMessage = { clientId: string; content: string; createdAt: string; status: "sending" | "failed" };

export type ThreadItem = { kind: "held"; message: HeldMessage } | { kind: "pending"; message: PendingMessage };

/**
 * Pages arrive newest page first, each page oldest to newest. The thread is every held message once
 * (by id), oldest to newest, then the pending sends the server has not answered with yet (by client id).
 */
export function mergeThread(pages: readonly { messages: readonly HeldMessage[] }[], pending: readonly PendingMessage[]): ThreadItem[] {
  const seen = new Set<string>();
  const held: HeldMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      held.push(message);
    }
  }
  held.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const stored = new Set(held.map((m) => m.clientId).filter((id): id is string => id !== null));
  return [
    ...held.map((message) => ({ kind: "held" as const, message })),
    ...pending.filter((p) => !stored.has(p.clientId)).map((message) => ({ kind: "pending" as const, message })),
  ];
}

/** "Today", "Yesterday", or "March 5th 2025", in the viewer's zone. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const day = dayOf(iso);
  const today = dayOf(now);
  if (day === today) return t`Today`;
  if (day === addDays(today, -1)) return t`Yesterday`;
  return longDate(iso);
}

/** Whether a day separator goes before `current` (the first item, or a new calendar day). */
export function startsNewDay(previous: string | undefined, current: string): boolean {
  return previous === undefined || dayOf(previous) !== dayOf(current);
}

/** A client id for one send: random, URL-safe, within the server's 8-64 characters. */
export function newClientId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** The nav badge's text: nothing for zero, "99+" above 99. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
