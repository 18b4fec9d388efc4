import { describe, expect, it } from "vitest";
import { type BellNotification, bellEntries, signInsText } from "../../src/notifications/bell-entries";

let seq = 0;
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 10, 12, 0) - minutesAgo * 60_000).toISOString();
const signIn = (minutesAgo: number, isRead = false): BellNotification => ({
  id: `s${++seq}`,
  type: "alert",
  content: "New sign-in to your account. If this wasn't you, change your password.",
  isRead,
  conversationId: null,
  createdAt: at(minutesAgo),
});
const other = (minutesAgo: number, content = "Your session was moved"): BellNotification => ({
  id: `o${++seq}`,
  type: "alert",
  content,
  isRead: false,
  conversationId: null,
  createdAt: at(minutesAgo),
});
const message = (minutesAgo: number): BellNotification => ({
  id: `m${++seq}`,
  type: "message",
  content: "New message from Asha Rao",
  isRead: false,
  conversationId: "c1",
  createdAt: at(minutesAgo),
});

describe("the bell's lines", () => {
  it("folds consecutive sign-in alerts into one line, so the other notices stay among the 5", () => {
    const list = [signIn(1), signIn(2), signIn(3), message(4), other(5), signIn(6, true), signIn(7, true), other(8), message(9), other(10)];
    const entries = bellEntries(list);
    expect(entries.map((e) => (e.kind === "sign-ins" ? `sign-ins x${e.count}` : e.notification.id))).toEqual([
      "sign-ins x3",
      list[3]!.id,
      list[4]!.id,
      "sign-ins x2",
      list[7]!.id,
    ]);
    const first = entries[0]!;
    expect(first.kind === "sign-ins" && first.latest.id).toBe(list[0]!.id);
    expect(first.kind === "sign-ins" && first.isRead).toBe(false);
    const second = entries[3]!;
    expect(second.kind === "sign-ins" && second.isRead).toBe(true);
    // Without folding, 3 of 5 places went to sign-ins and the moved session fell out.
    expect(list.slice(0, 5).filter((n) => n.content.startsWith("New sign-in"))).toHaveLength(3);
  });

  it("keeps a lone sign-in alert as it is, and never shows more than 5 lines", () => {
    const list = [other(1), signIn(2), other(3), message(4), other(5), other(6), other(7)];
    const entries = bellEntries(list);
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => e.kind === "single")).toBe(true);
    expect(entries.map((e) => (e.kind === "single" ? e.notification.id : ""))).toEqual(list.slice(0, 5).map((n) => n.id));
  });

  it("counts a run that continues past the fifth line, and says how many", () => {
    const list = [other(1), other(2), other(3), other(4), signIn(5), signIn(6), signIn(7)];
    const entries = bellEntries(list);
    expect(entries).toHaveLength(5);
    expect(entries[4]).toMatchObject({ kind: "sign-ins", count: 3 });
    expect(signInsText(3)).toBe("3 new sign-ins to your account. If one wasn't you, change your password.");
  });
});
