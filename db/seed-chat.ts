import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { conversations, messages, notifications } from "./schema";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

type Line = { from: "mentee" | "mentor"; text: string; minutesAgo: number };

/** Priya (demo mentee) and Asha (demo mentor): a few days of chat, the last two replies unread by Priya. */
const priyaAndAsha: Line[] = [
  {
    from: "mentee",
    text: "Hi Asha! Thanks for taking me on. Could we start with how to prepare for frontend system design rounds?",
    minutesAgo: 3 * 24 * 60 + 40,
  },
  {
    from: "mentor",
    text: "Welcome, Priya! Yes. Pick one product you use daily and sketch its main screens, data and APIs. We'll review it on our first call.",
    minutesAgo: 3 * 24 * 60 + 10,
  },
  { from: "mentee", text: "I'll take a food delivery app. Should I include offline support?", minutesAgo: 2 * 24 * 60 + 300 },
  {
    from: "mentor",
    text: "Keep it as a stretch goal. Start with the order flow, caching and how you'd handle slow networks.",
    minutesAgo: 2 * 24 * 60 + 280,
  },
  { from: "mentee", text: "Done, I've shared my notes. Is Thursday evening good for the call?", minutesAgo: 26 * 60 },
  { from: "mentor", text: "Thursday works. I read your notes: the caching section is strong.", minutesAgo: 35 },
  {
    from: "mentor",
    text: "One thing to think about before we talk: what happens when the menu changes while a cart is open?",
    minutesAgo: 33,
  },
];

/** Rahul (a past subscriber) and Asha: an older, finished exchange, all read. */
const rahulAndAsha: Line[] = [
  { from: "mentee", text: "Thank you for the mock interview last month, I got the internship!", minutesAgo: 9 * 24 * 60 },
  { from: "mentor", text: "That's wonderful news, Rahul. Congratulations, and keep in touch!", minutesAgo: 9 * 24 * 60 - 90 },
];

async function seedConversation(db: Db, menteeId: string, mentorId: string, lines: Line[], unreadForMentee: number, now: number) {
  const existing = await db.query.conversations.findFirst({
    where: and(eq(conversations.menteeId, menteeId), eq(conversations.mentorId, mentorId)),
    columns: { id: true },
  });
  if (existing) return null;
  const id = crypto.randomUUID();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  const unreadFrom = lines.length - unreadForMentee;
  await db.batch([
    db
      .insert(conversations)
      .values({ id, menteeId, mentorId, createdAt: at(lines[0].minutesAgo + 1), lastMessageAt: at(lines.at(-1)!.minutesAgo) }),
    db.insert(messages).values(
      lines.map((line, i) => ({
        conversationId: id,
        senderType: line.from,
        senderId: line.from === "mentee" ? menteeId : mentorId,
        content: line.text,
        clientId: `seed-${id}-${i}`,
        createdAt: at(line.minutesAgo),
        readAt: i >= unreadFrom ? null : at(Math.max(line.minutesAgo - 5, 0)),
      })),
    ),
  ]);
  return id;
}

/**
 * The demo chat (ADR 0014): Priya and Asha mid-conversation with two replies Priya has not read yet,
 * Rahul and Asha's older exchange, and bell notifications for both demo accounts. Idempotent: a
 * conversation that exists is left as it is (and its notifications are only written with it).
 */
export async function seedChatDemo(db: Db, ids: { priya: string; rahul: string; asha: string }, now = Date.now()): Promise<void> {
  const current = await seedConversation(db, ids.priya, ids.asha, priyaAndAsha, 2, now);
  await seedConversation(db, ids.rahul, ids.asha, rahulAndAsha, 0, now);
  if (!current) return;
  await db.insert(notifications).values([
    {
      recipientRole: "mentee",
      recipientId: ids.priya,
      type: "message",
      kind: "message",
      content: "New message from Asha Rao",
      conversationId: current,
      createdAt: new Date(now - 33 * MINUTE),
    },
    {
      recipientRole: "mentee",
      recipientId: ids.priya,
      type: "alert",
      content: "Your subscription to Asha Rao renews automatically at the end of the period.",
      isRead: true,
      createdAt: new Date(now - 10 * DAY),
    },
    {
      recipientRole: "mentor",
      recipientId: ids.asha,
      type: "message",
      kind: "message",
      content: "New message from Priya Sharma",
      conversationId: current,
      isRead: true,
      createdAt: new Date(now - 26 * 60 * MINUTE),
    },
    {
      recipientRole: "mentor",
      recipientId: ids.asha,
      type: "alert",
      content: "Priya Sharma subscribed to your mentorship.",
      createdAt: new Date(now - 10 * DAY),
    },
  ]);
}
