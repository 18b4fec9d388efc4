import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, emailOutbox, mentorSkills, mentors, notifications } from "../../db/schema";
import { seedResponsivenessDemo } from "../../db/seed-responsiveness";
import { accessTokenFor, createMentee, createMentor, setBlocked, signIn, testDb } from "../support/accounts";
import { baseUrl, rest, trpc, trpcOutcome } from "../support/api";
import { joinRoom, pushes } from "../support/chat";
import { createEnrollment, createModerator } from "../support/moderation";
import { conversationOf, DAY, HOUR, lastActiveOf, replyHistory, setLastActive, waitingSubscriber } from "../support/responsiveness";

/**
 * Responsive mentors (ADR 0026) through the built Worker: the reply time and last activity on the
 * profile, "last active" written at most hourly by what a mentor does (never by a read), the
 * 72-hour reply reminder (once per wait, only for subscribers, not once answered), the moderator's
 * list of mentors leaving subscribers waiting, and responsiveness as search's tie-breaker.
 *
 * The job runs at the real "now" (the conversations are written in the past), so it never makes
 * another test file's recent conversations look old.
 */

const runReminders = async () => {
  const response = await fetch(`${baseUrl()}/dev/cron/replyReminders`, { method: "POST" });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { replyReminders: { sent: number; skipped: number } };
};

const remindersOf = async (mentorId: string, conversationId: string) => {
  const notes = await testDb()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientRole, "mentor"),
        eq(notifications.recipientId, mentorId),
        eq(notifications.conversationId, conversationId),
      ),
    );
  return notes.filter((n) => n.type === "alert");
};
const mailsTo = async (email: string) =>
  (await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter((m) => /is waiting for your reply$/.test(m.subject));

describe("the reply reminder (72 hours)", () => {
  it("reminds the mentor once per wait: a notification linking the conversation, an e-mail and a push, even when the job runs twice at once", async () => {
    const mentor = await createMentor({ firstName: "Ravi", timeZone: "Asia/Kolkata" });
    const { mentee, conversationId } = await waitingSubscriber(mentor.id, [
      ["mentor", 200],
      ["mentee", 80],
      ["mentee", 75],
    ]);
    const room = await joinRoom(`mentor:${mentor.id}`, await accessTokenFor("mentor", mentor.id));
    try {
      await Promise.all([runReminders(), runReminders()]);
      await runReminders();
      const notes = await remindersOf(mentor.id, conversationId);
      expect(notes.map((n) => n.content)).toEqual([`${mentee.firstName} ${mentee.lastName} has waited 3 days 8 hours for your reply.`]);
      const mails = await mailsTo(mentor.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`${mentee.firstName} ${mentee.lastName} is waiting for your reply`);
      expect(mails[0].body).toContain(`Hi Ravi,`);
      expect(mails[0].body).toMatch(/Waiting since: .+\(Asia\/Kolkata\)/);
      expect(mails[0].html).toMatch(/^<!doctype html>/);
      const row = await testDb().query.conversations.findFirst({ where: eq(conversations.id, conversationId) });
      expect(row?.replyReminderAt).not.toBeNull();
      await expect.poll(() => pushes(room, "notification").map((p) => p.conversationId)).toEqual([conversationId]);
    } finally {
      room.close();
    }
  });

  it("counts the wait from the first unanswered message: not before 72 hours, and again for a new wait after an answer", async () => {
    const mentor = await createMentor();
    const fresh = await waitingSubscriber(mentor.id, [
      ["mentee", 71],
      ["mentee", 2],
    ]);
    // Reminded during an earlier wait (before his answer at -250 h): this later wait is new.
    const again = await waitingSubscriber(mentor.id, [
      ["mentee", 300],
      ["mentor", 250],
      ["mentee", 100],
    ]);
    await testDb()
      .update(conversations)
      .set({ replyReminderAt: new Date(Date.now() - 220 * HOUR) })
      .where(eq(conversations.id, again.conversationId));
    await runReminders();
    expect(await remindersOf(mentor.id, fresh.conversationId)).toHaveLength(0);
    expect(await remindersOf(mentor.id, again.conversationId)).toHaveLength(1);
  });

  it("leaves alone a wait the mentor answered, a mentee without a live subscription, one who wrote before subscribing, and blocked people", async () => {
    const mentor = await createMentor();
    const answered = await waitingSubscriber(mentor.id, [
      ["mentee", 100],
      ["mentor", 99],
    ]);
    const stranger = await createMentee();
    const notSubscribed = await conversationOf(stranger.id, mentor.id, [["mentee", 100]]);
    const lapsed = await createMentee();
    await createEnrollment(lapsed.id, mentor.id, {
      status: "expired",
      activatedAt: new Date(Date.now() - 60 * DAY),
      currentPeriodEnd: new Date(Date.now() - 30 * DAY),
      endedAt: new Date(Date.now() - 30 * DAY),
    });
    const expired = await conversationOf(lapsed.id, mentor.id, [["mentee", 100]]);
    // She wrote 100 hours ago, before the subscription she took 2 days ago: her wait began when she subscribed.
    const early = await waitingSubscriber(mentor.id, [["mentee", 100]], 2);
    const blocked = await waitingSubscriber(mentor.id, [["mentee", 100]]);
    await setBlocked("mentee", blocked.mentee.id, true);
    await runReminders();
    for (const id of [answered.conversationId, notSubscribed, expired, early.conversationId, blocked.conversationId]) {
      expect(await remindersOf(mentor.id, id)).toHaveLength(0);
    }
    expect(await mailsTo(mentor.email)).toHaveLength(0);
  });
});

describe("last active", () => {
  it("a mentor's sign-in and refresh write it, at most once an hour", async () => {
    const mentor = await createMentor();
    expect(await lastActiveOf(mentor.id)).toBeNull();
    const before = Date.now();
    const { refreshToken } = await signIn("mentor", mentor.email);
    const first = (await lastActiveOf(mentor.id))!.getTime();
    expect(first).toBeGreaterThanOrEqual(before - 1000);

    // Within the hour: a sign-in and a refresh leave it.
    const halfHourAgo = new Date(Date.now() - 30 * 60_000);
    await setLastActive(mentor.id, halfHourAgo);
    await signIn("mentor", mentor.email);
    const { refreshToken: rotated } = await trpc().auth.refresh.mutate({ role: "mentor", refreshToken });
    expect(await lastActiveOf(mentor.id)).toEqual(halfHourAgo);

    // Over an hour ago: the next refresh moves it to now.
    await setLastActive(mentor.id, new Date(Date.now() - 61 * 60_000));
    const stamp = Date.now();
    await trpc().auth.refresh.mutate({ role: "mentor", refreshToken: rotated });
    expect((await lastActiveOf(mentor.id))!.getTime()).toBeGreaterThanOrEqual(stamp - 1000);
  });

  it("a mentor's message writes it; his reads and his mentee's messages do not", async () => {
    const mentor = await createMentor();
    const mentee = await createMentee();
    await createEnrollment(mentee.id, mentor.id);
    const mentorToken = await accessTokenFor("mentor", mentor.id);
    const menteeToken = await accessTokenFor("mentee", mentee.id);
    const stale = new Date(Date.now() - 2 * DAY);
    await setLastActive(mentor.id, stale);

    const opened = await trpc(menteeToken).chat.open.mutate({ side: "mentee", mentorId: mentor.id });
    await trpc(menteeToken).chat.send.mutate({ side: "mentee", conversationId: opened.id, message: "Hello" });
    await trpc(mentorToken).chat.conversations.query({ side: "mentor", name: "" });
    await trpc(mentorToken).mentors.myProfile.query();
    await trpc(mentorToken).scheduling.mySlots.query();
    expect(await lastActiveOf(mentor.id)).toEqual(stale);

    const stamp = Date.now();
    await trpc(mentorToken).chat.send.mutate({ side: "mentor", conversationId: opened.id, message: "Hi!" });
    expect((await lastActiveOf(mentor.id))!.getTime()).toBeGreaterThanOrEqual(stamp - 1000);
  });
});

describe("the profile", () => {
  it("says how fast the mentor replies once 3 replies show it, and how long ago he was active, in days (never the instant)", async () => {
    const mentor = await createMentor();
    const profile = async () => (await trpc().mentors.profile.query({ mentorId: mentor.id })).mentor;
    expect(await profile()).toMatchObject({ typicalReplyMinutes: null, lastActiveDaysAgo: null });

    await replyHistory(mentor.id, [60, 120]);
    expect((await profile()).typicalReplyMinutes).toBeNull();
    await replyHistory(mentor.id, [150]);
    await setLastActive(mentor.id, new Date(Date.now() - 3 * DAY - HOUR));
    const shown = await profile();
    expect(shown).toMatchObject({ typicalReplyMinutes: 110, lastActiveDaysAgo: 3 });
    expect(JSON.stringify(shown)).not.toMatch(/lastActiveAt|last_active/);

    // The Worker-drawn page says it in words.
    const html = await (await fetch(`${baseUrl()}/browse/mentor/profile/${mentor.id}`)).text();
    expect(html).toContain("Usually replies within 2 hours · Active 3 days ago");

    // SPEC §7's profile keeps its documented fields.
    const legacy = await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`);
    expect(legacy.status).toBe(200);
    expect(Object.keys(legacy.body.mentorData as object)).toEqual(
      expect.arrayContaining(["_id", "firstName", "lastName", "expertise", "hourlyRate", "rating", "educationalQualification"]),
    );
  });
});

describe("the moderator's list of mentors leaving subscribers waiting", () => {
  it("lists each mentor with how many subscribers wait, the longest wait and his last activity, longest first", async () => {
    const slow = await createMentor({ firstName: "Slow" });
    await waitingSubscriber(slow.id, [["mentee", 150]]);
    await waitingSubscriber(slow.id, [
      ["mentor", 300],
      ["mentee", 90],
    ]);
    await setLastActive(slow.id, new Date(Date.now() - 6 * DAY - HOUR));
    const answering = await createMentor();
    await waitingSubscriber(answering.id, [
      ["mentee", 100],
      ["mentor", 10],
    ]);
    const moderator = await createModerator();

    const list = await trpc(moderator.token).moderation.unresponsiveMentors.query();
    const entry = list.find((m) => m.id === slow.id);
    expect(entry).toEqual({
      id: slow.id,
      name: `Slow ${slow.lastName}`,
      email: slow.email,
      waiting: 2,
      longestWaitHours: 150,
      lastActiveDaysAgo: 6,
    });
    expect(list.some((m) => m.id === answering.id)).toBe(false);
    const waits = list.map((m) => m.longestWaitHours);
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
  });

  it("is for moderators only", async () => {
    const mentor = await createMentor();
    const mentee = await createMentee();
    expect((await trpcOutcome(trpc(await accessTokenFor("mentor", mentor.id)).moderation.unresponsiveMentors.query())).status).toBe(403);
    expect((await trpcOutcome(trpc(await accessTokenFor("mentee", mentee.id)).moderation.unresponsiveMentors.query())).status).toBe(403);
    expect((await trpcOutcome(trpc().moderation.unresponsiveMentors.query())).status).toBe(401);
  });
});

describe("search", () => {
  it("ranks a responsive mentor above an equal match who is not, in a text search and in the listing", async () => {
    const word = `rsp${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
    // Equal in everything search weighs but this: the same skill (tier), the same rating (5.0 from a
    // count nobody else has, so they lead the listing), the same price. Aaron's bm25 is the better
    // one (a shorter bio) and his name comes first; Zed will answer within the hour.
    const equal = { hourlyRatePaise: 9_500_000, ratingSum: 5 * 9_973, ratingCount: 9_973 };
    const aaron = await createMentor({ ...equal, firstName: "Aaron", bio: `${word}.` });
    const zed = await createMentor({
      ...equal,
      firstName: "Zed",
      bio: `${word} and a longer bio about mentoring people through their careers.`,
    });
    await testDb()
      .insert(mentorSkills)
      .values([
        { mentorId: aaron.id, name: word, skillKey: word },
        { mentorId: zed.id, name: word, skillKey: word },
      ]);
    const listing = async () =>
      (await trpc().mentors.search.query({ search: "", range: "top", limit: 50 }))
        .map((m) => m.id)
        .filter((id) => id === aaron.id || id === zed.id);
    expect((await trpc().mentors.search.query({ search: word })).map((m) => m.id)).toEqual([aaron.id, zed.id]);
    expect(await listing()).toEqual([aaron.id, zed.id]);

    await replyHistory(zed.id, [20, 30, 40]);
    const cards = await trpc().mentors.search.query({ search: word });
    expect(cards.map((m) => m.id)).toEqual([zed.id, aaron.id]);
    expect(cards[0]).toMatchObject({ typicalReplyMinutes: 30, replyCount: 3 });
    expect(await listing()).toEqual([zed.id, aaron.id]);
  });
});

describe("the seed", () => {
  it("gives the demo mentor a reply time and 'active today', and two seeded mentors a subscriber waiting over 72 hours; a second run changes nothing", async () => {
    const db = testDb();
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const { mentor } = await trpc().mentors.profile.query({ mentorId: asha.id });
    expect(mentor.typicalReplyMinutes).toEqual(expect.any(Number));
    expect(mentor.lastActiveDaysAgo).toBe(0);

    const moderator = await createModerator();
    const listed = (await trpc(moderator.token).moderation.unresponsiveMentors.query()).map((m) => m.email);
    expect(listed).toEqual(expect.arrayContaining(["rohan.mentor@example.com", "ananya.mentor@example.com"]));

    const seeded = db
      .select({ id: mentors.id })
      .from(mentors)
      .where(inArray(mentors.email, ["mentor@example.com", "rohan.mentor@example.com", "ananya.mentor@example.com"]));
    const state = async () => ({
      conversations: (await db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.mentorId, seeded))).length,
      lastActive: (await db.select({ at: mentors.lastActiveAt }).from(mentors).where(inArray(mentors.id, seeded)))
        .map((r) => r.at?.getTime())
        .sort(),
    });
    const before = await state();
    await seedResponsivenessDemo(db);
    expect(await state()).toEqual(before);
  });
});
