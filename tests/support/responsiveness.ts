import { eq } from "drizzle-orm";
import { conversations, mentors, messages } from "../../db/schema";
import { createMentee, testDb } from "./accounts";
import { createEnrollment } from "./moderation";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Line = [who: "mentee" | "mentor", hoursAgo: number];

/** A conversation of a pair written straight into the database, each line `hoursAgo` back (the reply stats' trigger runs on each). */
export async function conversationOf(menteeId: string, mentorId: string, lines: Line[], now = Date.now()): Promise<string> {
  const last = Math.min(...lines.map(([, ago]) => ago));
  const [c] = await testDb()
    .insert(conversations)
    .values({ menteeId, mentorId, lastMessageAt: new Date(now - last * HOUR), createdAt: new Date(now - 1000 * HOUR) })
    .returning();
  for (const [who, ago] of lines) {
    await testDb()
      .insert(messages)
      .values({
        conversationId: c.id,
        senderType: who,
        senderId: who === "mentee" ? menteeId : mentorId,
        content: `${who} at -${ago}h`,
        createdAt: new Date(now - ago * HOUR),
      });
  }
  return c.id;
}

/** A subscriber (active subscription since `subscribedDaysAgo`) who wrote to the mentor and waits; returns her and the conversation. */
export async function waitingSubscriber(mentorId: string, lines: Line[], subscribedDaysAgo = 20) {
  const mentee = await createMentee();
  await createEnrollment(mentee.id, mentorId, { activatedAt: new Date(Date.now() - subscribedDaysAgo * DAY) });
  const conversationId = await conversationOf(mentee.id, mentorId, lines);
  return { mentee, conversationId };
}

/** Gives a mentor `replies` answers, each `minutes` after the question (a past subscriber's chat): his reply stats. */
export async function replyHistory(mentorId: string, minutes: number[]) {
  const mentee = await createMentee();
  const now = Date.now();
  const [c] = await testDb()
    .insert(conversations)
    .values({ menteeId: mentee.id, mentorId, lastMessageAt: new Date(now - DAY), createdAt: new Date(now - 100 * DAY) })
    .returning();
  for (const [i, m] of minutes.entries()) {
    const asked = now - (60 - i) * DAY;
    await testDb()
      .insert(messages)
      .values({ conversationId: c.id, senderType: "mentee", senderId: mentee.id, content: "A question", createdAt: new Date(asked) });
    await testDb()
      .insert(messages)
      .values({
        conversationId: c.id,
        senderType: "mentor",
        senderId: mentorId,
        content: "An answer",
        createdAt: new Date(asked + m * MINUTE),
      });
  }
}

/** Sets a mentor's last activity directly (null: never seen). */
export async function setLastActive(mentorId: string, at: Date | null) {
  await testDb().update(mentors).set({ lastActiveAt: at }).where(eq(mentors.id, mentorId));
}

export async function lastActiveOf(mentorId: string): Promise<Date | null> {
  const row = await testDb().query.mentors.findFirst({ where: eq(mentors.id, mentorId), columns: { lastActiveAt: true } });
  return row?.lastActiveAt ?? null;
}
