import { describe, expect, it } from "vitest";
import { notifications, openUserRooms } from "../../db/schema";
import { pushNotices } from "../../worker/background/notice-pushes";
import type { Env } from "../../worker/platform/env";
import { domainDb, useDomainDb } from "../support/domain";

/**
 * A wave's bell entries (ADR 0043): the rooms of people with a tab open are called, the others are not woken at all.
 * The rooms here are stand-ins that note each call; that a real room receives the push, and counts its tabs, is in
 * tests/integration/realtime.test.ts.
 */
useDomainDb();

function roomsThatNoteCalls() {
  const called: string[] = [];
  const env = {
    UserRoom: {
      getByName: (name: string) => ({
        pushAll: async () => {
          called.push(name);
          return 1;
        },
      }),
    },
  } as unknown as Env;
  return { env, called };
}

async function notice(recipientId: string) {
  const [row] = await domainDb()
    .insert(notifications)
    .values({ recipientRole: "mentee", recipientId, type: "alert", kind: "reminder", content: "Reminder: your session…" })
    .returning({ id: notifications.id });
  return row.id;
}

describe("pushing a wave of bell entries", () => {
  it("calls the rooms with a tab open, once each, and no other", async () => {
    const [open, closed, other] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await domainDb().insert(openUserRooms).values({ userRole: "mentee", userId: open, tabs: 2, updatedAt: new Date() });
    // A mentor's room with the same id is not hers.
    await domainDb().insert(openUserRooms).values({ userRole: "mentor", userId: other, tabs: 1, updatedAt: new Date() });
    const ids = [await notice(open), await notice(closed), await notice(other)];
    const { env, called } = roomsThatNoteCalls();
    expect(await pushNotices(domainDb(), env, ids, Date.now())).toBe(3);
    expect(called).toEqual([`mentee:${open}`]);
  });

  it("wakes no room when nobody has a tab open", async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => notice(crypto.randomUUID())));
    const { env, called } = roomsThatNoteCalls();
    expect(await pushNotices(domainDb(), env, ids, Date.now())).toBe(30);
    expect(called).toEqual([]);
  });
});
