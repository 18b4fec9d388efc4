import { describe, expect, it } from "vitest";
import {
  dayLabel,
  type HeldMessage,
  mergeThread,
  newClientId,
  type PendingMessage,
  startsNewDay,
  unreadBadge,
} from "../../src/chat/chat-thread";
import { memberOf } from "../../worker/chat/members";

const held = (id: string, createdAt: string, clientId: string | null = null): HeldMessage => ({
  id,
  clientId,
  content: id,
  createdAt,
  sender: { senderType: "mentee", senderId: { _id: "m1", firstName: "Priya" } },
});
const pending = (clientId: string, status: PendingMessage["status"] = "sending"): PendingMessage => ({
  clientId,
  content: clientId,
  createdAt: "2026-01-01T12:00:00.000Z",
  status,
});

describe("mergeThread", () => {
  it("orders pages (newest page first) oldest to newest and holds every message once", () => {
    const newest = { messages: [held("c", "2026-01-01T10:02:00.000Z"), held("d", "2026-01-01T10:03:00.000Z")] };
    const earlier = {
      messages: [held("a", "2026-01-01T10:00:00.000Z"), held("b", "2026-01-01T10:01:00.000Z"), held("c", "2026-01-01T10:02:00.000Z")],
    };
    expect(mergeThread([newest, earlier], []).map((i) => (i.kind === "held" ? i.message.id : ""))).toEqual(["a", "b", "c", "d"]);
  });

  it("drops a pending send once the server holds its client id, and keeps the others after the held messages", () => {
    const page = { messages: [held("a", "2026-01-01T10:00:00.000Z", "client-1")] };
    const items = mergeThread([page], [pending("client-1"), pending("client-2", "failed")]);
    expect(items.map((i) => i.kind)).toEqual(["held", "pending"]);
    expect(items[1]).toMatchObject({ kind: "pending", message: { clientId: "client-2", status: "failed" } });
  });

  it("a push that arrives twice, or a refetch overlapping the held messages, adds nothing", () => {
    const page = { messages: [held("a", "2026-01-01T10:00:00.000Z"), held("a", "2026-01-01T10:00:00.000Z")] };
    expect(mergeThread([page, page], [])).toHaveLength(1);
  });
});

describe("day separators", () => {
  const now = new Date(2026, 2, 5, 15, 0);
  it("labels today, yesterday and older days", () => {
    expect(dayLabel(new Date(2026, 2, 5, 0, 1).toISOString(), now)).toBe("Today");
    expect(dayLabel(new Date(2026, 2, 4, 23, 59).toISOString(), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2026, 0, 1, 9, 0).toISOString(), now)).toBe("January 1st 2026");
  });
  it("starts a new day at the first message and at each calendar day change in the viewer's zone", () => {
    expect(startsNewDay(undefined, now.toISOString())).toBe(true);
    expect(startsNewDay(new Date(2026, 2, 5, 0, 0).toISOString(), new Date(2026, 2, 5, 23, 59).toISOString())).toBe(false);
    expect(startsNewDay(new Date(2026, 2, 4, 23, 59).toISOString(), new Date(2026, 2, 5, 0, 0).toISOString())).toBe(true);
  });
});

describe("small helpers", () => {
  it("client ids are unique and fit the server's 8-64 URL-safe characters", () => {
    const ids = new Set(Array.from({ length: 1000 }, newClientId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
  it("the nav badge shows nothing for zero and caps at 99+", () => {
    expect([0, -1, 1, 99, 100].map(unreadBadge)).toEqual([null, null, "1", "99", "99+"]);
  });
  // A claimed id being the caller's own is the REST adapter's rule now: tests/unit/rest-ownership.test.ts.
  it("chat members come from the token: the path's side must be the caller's role", () => {
    const auth = { sub: "me", role: "mentee" as const };
    expect(memberOf(auth)).toEqual({ role: "mentee", id: "me" });
    expect(memberOf(auth, "mentee")).toEqual({ role: "mentee", id: "me" });
    expect(() => memberOf(auth, "mentor")).toThrow("This is only available to mentors.");
    expect(() => memberOf({ sub: "x", role: "moderator" })).toThrow(/only available to mentees and mentors/);
  });
});
