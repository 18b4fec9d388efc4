import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { emailOutbox, notifications, reminderPlans } from "../../db/schema";
import type { Env } from "../../worker/platform/env";
import { planReminders, sendPlannedReminders } from "../../worker/scheduling/reminders.job";
import { type Account, callerAt, domainDb, domainMentee, domainMentor, domainSubscribe, useDomainDb } from "../support/domain";

/**
 * Once a batch of reminders is written (bell entries, markers, the plans done), the bell pushes are handed on even when
 * sending or recording the e-mails fails afterwards: a retry of the queue message finds nothing left to write, so a
 * failure there used to lose the pushes for good. The e-mails stay unsent in the outbox for the minute sweep.
 */
useDomainDb();

const HOUR = 60 * 60 * 1000;
const queued: unknown[] = [];
const queue = {
  send: async (body: unknown) => void queued.push(body),
  sendBatch: async (m: { body: unknown }[]) => void queued.push(...m),
};
const env = { REMINDERS: queue, MAIL_BULK: queue } as unknown as Env;

/** The database, except that its `batch` call number `failing` throws, as a busy database does. */
function failingBatch(db: Db, failing: number): Db {
  let calls = 0;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return (...args: Parameters<Db["batch"]>) => {
        calls++;
        if (calls === failing) return Promise.reject(new Error("SQLITE_BUSY: database is locked"));
        return target.batch(...args);
      };
    },
  });
}

async function bookedSession(start: Date, bookedAt: Date) {
  const [m, me] = [await domainMentor(), await domainMentee()];
  await domainSubscribe(me.id, m.id, bookedAt);
  const [slot] = await callerAt(m as Account, bookedAt).scheduling.publish({ slotDetails: { start: start.toISOString() } } as never);
  await callerAt(me as Account, bookedAt).scheduling.book({ slotId: slot.id, agenda: "" });
  return { m, me, slotId: slot.id as string };
}

describe("a batch of reminders whose e-mails fail after it is written", () => {
  it("still hands on both people's bell pushes, and leaves the e-mails unsent for the sweep", async () => {
    const start = new Date(Math.floor(Date.now() / HOUR) * HOUR + 72 * HOUR);
    const { m, me, slotId } = await bookedSession(start, new Date(start.getTime() - 48 * HOUR));
    const now = start.getTime() - 50 * 60_000;
    expect(await planReminders(domainDb(), env, now)).toMatchObject({ planned: expect.any(Number) });
    const plans = await domainDb().select({ id: reminderPlans.id }).from(reminderPlans).where(eq(reminderPlans.slotId, slotId));
    expect(plans).toHaveLength(1);
    const mail = { name: "local" as const, send: vi.fn(async () => undefined) };
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    // The second batch is the one that records the e-mails as sent.
    const result = await sendPlannedReminders({ db: failingBatch(domainDb(), 2), env, mail, now: () => now }, [plans[0].id]);

    expect(result.written).toBe(2);
    const pushed = await domainDb().select().from(notifications).where(inArray(notifications.id, result.noticeIds));
    expect(pushed.map((n) => `${n.recipientRole}:${n.recipientId}:${n.kind}`).sort()).toEqual(
      [`mentee:${me.id}:reminder`, `mentor:${m.id}:reminder`].sort(),
    );
    expect(mail.send).toHaveBeenCalledTimes(2);
    const outbox = await domainDb().select({ sentAt: emailOutbox.sentAt }).from(emailOutbox).where(eq(emailOutbox.sessionSlotId, slotId));
    expect(outbox.length).toBeGreaterThanOrEqual(2);
    expect(outbox.every((row) => row.sentAt === null)).toBe(true);
  });
});
