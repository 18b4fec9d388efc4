import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { conversations, enrollments, mentees, mentors, messages } from "./schema";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The demo mentor's last activity when the seed first runs: her profile says "Active today". */
const ASHA = { email: "mentor@example.com", lastActiveAgo: 2 * HOUR };

/**
 * Subscribers of the moderation demo (db/seed-moderation.ts) who wrote to their mentor days ago and
 * have no answer: the moderator home lists these mentors as leaving subscribers waiting, and the
 * reply-reminder job (`/dev/cron/replyReminders`) reminds them.
 */
const waits = [
  {
    mentee: "pooja.community@example.com",
    mentor: "rohan.mentor@example.com",
    mentorLastActiveAgo: 9 * DAY,
    lines: [
      { text: "Hi Rohan! I have a system design interview in two weeks. Could you look at my notes on a rate limiter?", ago: 100 * HOUR },
      { text: "I've added the notes to our shared doc. Any feedback before Friday would help a lot.", ago: 98 * HOUR },
    ],
  },
  {
    mentee: "rehan.community@example.com",
    mentor: "ananya.mentor@example.com",
    mentorLastActiveAgo: 12 * DAY,
    lines: [{ text: "Hello Ananya, my CI pipeline takes 40 minutes. Where would you start to speed it up?", ago: 130 * HOUR }],
  },
];

/**
 * Responsive mentors (ADR 0026): the demo mentor Asha shows a reply time (from the demo chat's
 * replies, kept by the trigger of migration 0013) and "Active today" on her profile, and two other
 * seeded mentors leave a subscriber waiting more than 72 hours. Idempotent: a last activity is set
 * only where none is known, and a conversation that exists is left as it is.
 */
export async function seedResponsivenessDemo(db: Db, now = Date.now()): Promise<void> {
  await db
    .update(mentors)
    .set({ lastActiveAt: new Date(now - ASHA.lastActiveAgo) })
    .where(and(eq(mentors.email, ASHA.email), isNull(mentors.lastActiveAt)));
  for (const wait of waits) {
    const [pair] = await db
      .select({ menteeId: enrollments.menteeId, mentorId: enrollments.mentorId })
      .from(enrollments)
      .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
      .innerJoin(mentors, eq(mentors.id, enrollments.mentorId))
      .where(and(eq(mentees.email, wait.mentee), eq(mentors.email, wait.mentor), eq(enrollments.status, "active")));
    if (!pair) continue;
    const existing = await db.query.conversations.findFirst({
      where: and(eq(conversations.menteeId, pair.menteeId), eq(conversations.mentorId, pair.mentorId)),
      columns: { id: true },
    });
    if (existing) continue;
    const id = crypto.randomUUID();
    const at = (ago: number) => new Date(now - ago);
    await db.batch([
      db.insert(conversations).values({
        id,
        menteeId: pair.menteeId,
        mentorId: pair.mentorId,
        createdAt: at(wait.lines[0].ago + 60_000),
        lastMessageAt: at(wait.lines.at(-1)!.ago),
      }),
      db.insert(messages).values(
        wait.lines.map((line, i) => ({
          conversationId: id,
          senderType: "mentee" as const,
          senderId: pair.menteeId,
          content: line.text,
          clientId: `seed-${id}-${i}`,
          createdAt: at(line.ago),
        })),
      ),
      db
        .update(mentors)
        .set({ lastActiveAt: at(wait.mentorLastActiveAgo) })
        .where(and(eq(mentors.id, pair.mentorId), isNull(mentors.lastActiveAt))),
    ]);
  }
}
