import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, mentees, mentors, messages, notifications } from "../../db/schema";
import { seedDemoData } from "../../db/seed";
import { testDb } from "../support/accounts";

/** The demo chat (ADR 0014): read only; the demo accounts are not changed. */
describe("chat seed", () => {
  it("gives Priya and Asha a conversation with messages, two unread by Priya, and bell notifications; a second run changes nothing", async () => {
    const db = testDb();
    const [priya] = await db.select().from(mentees).where(eq(mentees.email, "mentee@example.com"));
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.menteeId, priya.id), eq(conversations.mentorId, asha.id)));
    expect(conversation).toBeDefined();
    const thread = await db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(thread.length).toBeGreaterThanOrEqual(5);
    expect(new Set(thread.map((m) => m.senderType))).toEqual(new Set(["mentee", "mentor"]));
    const unread = thread.filter((m) => m.senderType === "mentor" && m.readAt === null);
    expect(unread).toHaveLength(2);
    const bell = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentee"), eq(notifications.recipientId, priya.id), eq(notifications.type, "message")));
    expect(bell.some((n) => n.conversationId === conversation.id)).toBe(true);

    const ashas = db.select({ id: conversations.id }).from(conversations).where(eq(conversations.mentorId, asha.id));
    const counts = async () => ({
      conversations: (await ashas).length,
      messages: (await db.select().from(messages).where(inArray(messages.conversationId, ashas))).length,
      unread: (
        await db
          .select()
          .from(messages)
          .where(and(inArray(messages.conversationId, ashas), isNull(messages.readAt)))
      ).length,
      notifications: (await db.select().from(notifications).where(eq(notifications.recipientId, asha.id))).length,
    });
    const before = await counts();
    expect(before.conversations).toBeGreaterThanOrEqual(2);
    await seedDemoData(db, "unused-hash");
    expect(await counts()).toEqual(before);
  });
});
