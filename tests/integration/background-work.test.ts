import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deadLetters, emailOutbox, moderationActions, notifications, reminderPlans, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { mailTo } from "../support/mail";
import { createModerator } from "../support/moderation";

/**
 * The operator's view of the background work (ADR 0031): the backlog, the parked items and sending one again, for
 * moderators only, each replay in the audit log (ADR 0012). Parked work is made here by writing the rows the queues'
 * consumers write after the last attempt.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let moderator: Awaited<ReturnType<typeof createModerator>>;
const tokens: { mentee?: string; mentor?: string } = {};

beforeAll(async () => {
  const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
  moderator = await createModerator();
  tokens.mentee = await accessTokenFor("mentee", mentee.id);
  tokens.mentor = await accessTokenFor("mentor", mentor.id);
});

/** A mail that failed its last attempt: the outbox row parked and its dead letter, as `sendClaimedMail` leaves them. */
async function parkedMail(to: string, values: Partial<typeof emailOutbox.$inferInsert> = {}) {
  const db = testDb();
  const at = new Date(Date.now() - 5 * 60 * 1000);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to,
      subject: "Welcome to MentorLink",
      body: "Hello again.",
      lane: "bulk",
      attempts: 10,
      lastError: "provider answered 503",
      queuedAt: at,
      deadAt: at,
      createdAt: new Date(at.getTime() - HOUR),
      ...values,
    })
    .returning();
  const [letter] = await db
    .insert(deadLetters)
    .values({
      queue: `mail-${row.lane}`,
      body: { kind: "mail", id: row.id },
      attempts: 10,
      createdAt: at,
    })
    .returning();
  return { row, letter };
}

const outboxRow = async (id: string) => (await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe("who may see and replay parked work", () => {
  const calls: Record<string, (t?: string) => Promise<unknown>> = {
    backgroundBacklog: (t?: string) => trpc(t).moderation.backgroundBacklog.query(),
    parkedWork: (t?: string) => trpc(t).moderation.parkedWork.query({}),
    replayParked: (t?: string) =>
      trpc(t).moderation.replayParked.mutate({
        id: "00000000-0000-4000-8000-000000000000",
      }),
  };
  for (const [name, call] of Object.entries(calls)) {
    it(`moderation.${name}: a mentee and a mentor are refused, a moderator is not`, async () => {
      expect(await trpcOutcome(call())).toMatchObject({ status: 401 });
      expect(await trpcOutcome(call(tokens.mentee))).toMatchObject({
        status: 403,
        message: "This is only available to moderators.",
      });
      expect(await trpcOutcome(call(tokens.mentor))).toMatchObject({
        status: 403,
        message: "This is only available to moderators.",
      });
      expect([200, 404]).toContain((await trpcOutcome(call(moderator.token))).status);
    });
  }

  it("refuses an empty id with a 400 that names it", async () => {
    expect(await trpcOutcome(trpc(moderator.token).moderation.replayParked.mutate({ id: " " }))).toMatchObject({
      status: 400,
      message: "id is required",
    });
  });
});

describe("a parked mail", () => {
  it("is listed, sent again once (it arrives), refused the second time, and the replay is in the audit log", async () => {
    const mentee = await createMentee();
    const { row, letter } = await parkedMail(mentee.email);
    const api = trpc(moderator.token);

    const list = await api.moderation.parkedWork.query({});
    const item = list.items.find((i) => i.id === letter.id);
    expect(item).toMatchObject({
      kind: "mail",
      mail: {
        to: mentee.email,
        subject: "Welcome to MentorLink",
        lane: "bulk",
        attempts: 10,
        lastError: "provider answered 503",
        sensitive: false,
      },
    });
    expect(JSON.stringify(item)).not.toContain("Hello again.");

    expect(await api.moderation.replayParked.mutate({ id: letter.id })).toMatchObject({ kind: "mail", sent: true });
    await expect.poll(async () => (await outboxRow(row.id)).sentAt, { timeout: 10_000 }).not.toBeNull();
    const sent = await outboxRow(row.id);
    expect(sent).toMatchObject({ deadAt: null, attempts: 1, lastError: null });
    expect((await mailTo(mentee.email)).filter((m) => m.sentAt)).toHaveLength(1);

    expect(await trpcOutcome(api.moderation.replayParked.mutate({ id: letter.id }))).toMatchObject({
      status: 409,
      message: "This item was already sent again.",
    });
    expect((await api.moderation.parkedWork.query({})).items.map((i) => i.id)).not.toContain(letter.id);

    const audit = await testDb()
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.moderatorId, moderator.id), eq(moderationActions.action, "replay_parked_work")));
    const entry = audit.find((a) => JSON.parse(a.details ?? "{}").deadLetterId === letter.id);
    expect(entry).toMatchObject({ targetRole: "mentee", targetId: mentee.id });
    expect(audit.filter((a) => JSON.parse(a.details ?? "{}").deadLetterId === letter.id)).toHaveLength(1);
  });

  it("that carried a code or link is refused with a 4xx that says to ask for a new one, and stays parked", async () => {
    const mentee = await createMentee();
    const { row, letter } = await parkedMail(mentee.email, {
      subject: "Your MentorLink password reset code",
      body: "[redacted: not delivered]",
      sensitive: true,
      lane: "urgent",
    });
    const api = trpc(moderator.token);
    const item = (await api.moderation.parkedWork.query({})).items.find((i) => i.id === letter.id);
    expect(item).toMatchObject({ kind: "mail", mail: { sensitive: true } });

    const outcome = await trpcOutcome(api.moderation.replayParked.mutate({ id: letter.id }));
    expect(outcome.status).toBe(422);
    expect(outcome.message).toMatch(/one-time code or link.*Ask the person to request a new code or link/);
    expect(await outboxRow(row.id)).toMatchObject({
      sentAt: null,
      deadAt: row.deadAt,
      attempts: 10,
    });
    expect((await testDb().select().from(deadLetters).where(eq(deadLetters.id, letter.id)))[0].replayedAt).toBeNull();
  });
});

describe("a parked reminder", () => {
  async function parkedReminder(startAt: Date, state: "booked" | "open" = "booked") {
    const db = testDb();
    const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
    const bookedAt = new Date(Date.now() - DAY);
    const [slot] = await db
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        startAt,
        endAt: new Date(startAt.getTime() + HOUR),
        state,
        menteeId: mentee.id,
        bookedAt,
        bookingId: crypto.randomUUID(),
      })
      .returning();
    const [plan] = await db
      .insert(reminderPlans)
      .values({
        slotId: slot.id,
        bookedAt,
        startAt,
        kind: "1h",
        dueAt: new Date(startAt.getTime() - HOUR),
        doneAt: new Date(),
      })
      .returning();
    const [letter] = await db
      .insert(deadLetters)
      .values({
        queue: "reminder",
        body: { kind: "reminder", planId: plan.id },
        attempts: 13,
      })
      .returning();
    return { mentee, mentor, slot, plan, letter };
  }

  it("is sent again while its session stands: the mentee gets her reminder", async () => {
    const { mentee, mentor, plan, letter } = await parkedReminder(new Date(Date.now() + 50 * 60 * 1000));
    const api = trpc(moderator.token);
    const item = (await api.moderation.parkedWork.query({})).items.find((i) => i.id === letter.id);
    expect(item).toMatchObject({
      kind: "reminder",
      reminder: {
        kind: "1h",
        startAt: plan.startAt.toISOString(),
        mentee: expect.any(String),
        mentor: expect.any(String),
      },
    });

    expect(await api.moderation.replayParked.mutate({ id: letter.id })).toMatchObject({ kind: "reminder", sent: true });
    await expect
      .poll(
        async () =>
          (
            await testDb()
              .select()
              .from(notifications)
              .where(and(eq(notifications.recipientId, mentee.id), eq(notifications.kind, "reminder")))
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    // Both people's reminder e-mails go out after the reply: seen sent here, so they do not land in the next test's
    // backlog figures.
    for (const person of [mentee, mentor])
      await expect
        .poll(async () => (await mailTo(person.email)).filter((m) => /^Reminder/.test(m.subject) && m.sentAt).length, { timeout: 10_000 })
        .toBe(1);
    expect(await trpcOutcome(api.moderation.replayParked.mutate({ id: letter.id }))).toMatchObject({ status: 409 });
  });

  it("whose session was cancelled is cleared without sending anything", async () => {
    const { mentee, plan, letter } = await parkedReminder(new Date(Date.now() + 50 * 60 * 1000), "open");
    expect(
      await trpc(moderator.token).moderation.replayParked.mutate({
        id: letter.id,
      }),
    ).toMatchObject({ kind: "reminder", sent: false });
    expect((await testDb().select().from(reminderPlans).where(eq(reminderPlans.id, plan.id)))[0].doneAt).not.toBeNull();
    expect(await testDb().select().from(notifications).where(eq(notifications.recipientId, mentee.id))).toHaveLength(0);
  });
});

describe("the backlog", () => {
  it("counts what waits, what fails, what was sent in the last hour, the reminders planned and what is parked", async () => {
    const api = trpc(moderator.token);
    const before = await api.moderation.backgroundBacklog.query();
    const db = testDb();
    const now = Date.now();
    const to = (await createMentee()).email;
    // Handed to a queue just now, so neither the sweep nor a hand-on takes them while the test looks.
    await db.insert(emailOutbox).values([
      {
        to,
        subject: "Waiting",
        body: "x",
        lane: "urgent",
        queuedAt: new Date(now),
        createdAt: new Date(now - 40 * DAY),
      },
      {
        to,
        subject: "Failing",
        body: "x",
        lane: "urgent",
        queuedAt: new Date(now),
        attempts: 3,
        lastError: "provider answered 503",
        createdAt: new Date(now - HOUR),
      },
      {
        to,
        subject: "Sent",
        body: "x",
        lane: "bulk",
        queuedAt: new Date(now),
        attempts: 1,
        sentAt: new Date(now - 60_000),
      },
      {
        to,
        subject: "Muted",
        body: "x",
        lane: "urgent",
        mutedAt: new Date(now),
      },
    ]);
    await parkedMail(to);
    const mentor = await createMentor();
    const [slot] = await db
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        startAt: new Date(now + 3 * DAY),
        endAt: new Date(now + 3 * DAY + HOUR),
      })
      .returning();
    await db.insert(reminderPlans).values({
      slotId: slot.id,
      bookedAt: new Date(now),
      startAt: slot.startAt,
      kind: "24h",
      dueAt: new Date(now - 30 * DAY),
    });

    const after = await api.moderation.backgroundBacklog.query();
    const urgent = (b: typeof after) => b.mail.find((l) => l.lane === "urgent")!;
    const bulk = (b: typeof after) => b.mail.find((l) => l.lane === "bulk")!;
    expect(urgent(after).waiting - urgent(before).waiting).toBe(2);
    expect(urgent(after).failing - urgent(before).failing).toBe(1);
    expect(urgent(after).oldestWaitingMs).toBeGreaterThanOrEqual(40 * DAY);
    expect(bulk(after).sentLastHour - bulk(before).sentLastHour).toBe(1);
    expect(bulk(after).waiting - bulk(before).waiting).toBe(0);
    expect(after.reminders.planned - before.reminders.planned).toBe(1);
    expect(new Date(after.reminders.oldestDueAt!).getTime()).toBeLessThanOrEqual(now - 30 * DAY);
    expect(after.parked - before.parked).toBe(1);
  });
});
