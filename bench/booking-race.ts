/**
 * The booking race (issue 8): N mentees with active subscriptions book ONE slot at once against the
 * built Worker; reports the outcome counts (exactly one 201) and p50/p99 latency. Repeats R rounds.
 * Run: npm run bench:booking (builds first). N and R: BOOKING_MENTEES (100), BOOKING_ROUNDS (5).
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { startStack } from "../scripts/built-stack";
import { createDb } from "../db/client";
import { DEMO_PASSWORD, menteeRow, mentorRow } from "../db/factories";
import { enrollments, mentees, mentors } from "../db/schema";
import { openSession } from "../worker/services/sessions";
import { signAccessToken } from "../worker/services/tokens";

const N = Number(process.env.BOOKING_MENTEES ?? 100);
const ROUNDS = Number(process.env.BOOKING_ROUNDS ?? 5);
const HOUR = 3_600_000;

const stack = await startStack();
try {
  const db = createDb(stack.dbUrl);
  const tag = crypto.randomUUID().slice(0, 8);
  const [mentor] = await db.insert(mentors).values(mentorRow({ email: `bench.${tag}@example.test`, passwordHash: DEMO_PASSWORD, timeZone: "Asia/Kolkata" })).returning();
  const mentorToken = await signAccessToken(stack.jwtSecret, { sub: mentor.id, role: "mentor", sid: (await openSession(db, { role: "mentor", userId: mentor.id })).sessionId });
  const people = await db.insert(mentees).values(Array.from({ length: N }, (_, i) => menteeRow({ email: `bench.${tag}.${i}@example.test` }))).returning();
  const now = Date.now();
  await db.insert(enrollments).values(people.map((p) => ({ menteeId: p.id, mentorId: mentor.id, status: "active" as const, amountPaise: 1, currentPeriodStart: new Date(now - 86_400_000), currentPeriodEnd: new Date(now + 20 * 86_400_000) })));
  const tokens = await Promise.all(people.map(async (p) => signAccessToken(stack.jwtSecret, { sub: p.id, role: "mentee", sid: (await openSession(db, { role: "mentee", userId: p.id })).sessionId })));
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const rounds: { winners: number; ms: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = new Date(Math.ceil(now / HOUR) * HOUR + (30 + r * 2) * HOUR);
    const published = await fetch(`${stack.baseUrl}/api/mentors/available-timeslots`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${mentorToken}` },
      body: JSON.stringify({ slotDetails: { start: start.toISOString() } }),
    }).then((res) => res.json() as Promise<{ allTimeSlots: { _id: string }[] }>);
    const slotId = published.allTimeSlots[0]._id;
    const t0 = performance.now();
    const results = await Promise.all(
      tokens.map(async (token) => {
        const t = performance.now();
        const res = await fetch(`${stack.baseUrl}/api/mentees/timeslots/1`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ values: {}, slotId }) });
        await res.text();
        latencies.push(performance.now() - t);
        return res.status;
      }),
    );
    rounds.push({ winners: results.filter((s) => s === 201).length, ms: Math.round(performance.now() - t0) });
    for (const s of results) outcomes[s] = (outcomes[s] ?? 0) + 1;
    // Free the winner's call for the next round is not needed: each mentee has 4 calls and wins at most a few rounds.
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
  const result = { mentees: N, rounds: ROUNDS, outcomes, perRound: rounds, p50ms: pct(50), p99ms: pct(99), maxms: pct(100) };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/booking-race-latest.json", `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stack.stop();
}
