import { createDb } from "../db/client";
import { DEMO_PASSWORD, menteeRow, mentorRow } from "../db/factories";
import { enrollments, mentees, mentors } from "../db/schema";
import type { Stack } from "../scripts/built-stack";
import { openSession } from "../worker/accounts/sessions";
import { signAccessToken } from "../worker/accounts/tokens";

/**
 * Who takes part in a booking race (bench/booking-race.ts, bench/worker-profile.ts): one mentor and `n`
 * mentees subscribed to him, each signed in (a session and an access token of their own).
 */
export async function raceCast(stack: Stack, n: number) {
  const db = createDb(stack.dbUrl);
  const tag = crypto.randomUUID().slice(0, 8);
  const [mentor] = await db
    .insert(mentors)
    .values(mentorRow({ email: `bench.${tag}@example.test`, passwordHash: DEMO_PASSWORD, timeZone: "Asia/Kolkata" }))
    .returning();
  const mentorToken = await signAccessToken(stack.jwtSecret, {
    sub: mentor.id,
    role: "mentor",
    sid: (await openSession(db, { role: "mentor", userId: mentor.id })).sessionId,
  });
  const people = await db
    .insert(mentees)
    .values(Array.from({ length: n }, (_, i) => menteeRow({ email: `bench.${tag}.${i}@example.test` })))
    .returning();
  const now = Date.now();
  await db.insert(enrollments).values(
    people.map((p) => ({
      menteeId: p.id,
      mentorId: mentor.id,
      status: "active" as const,
      amountPaise: 1,
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 20 * 86_400_000),
    })),
  );
  const tokens = await Promise.all(
    people.map(async (p) =>
      signAccessToken(stack.jwtSecret, {
        sub: p.id,
        role: "mentee",
        sid: (await openSession(db, { role: "mentee", userId: p.id })).sessionId,
      }),
    ),
  );
  return { db, tag, mentor, mentorToken, people, tokens, now };
}
