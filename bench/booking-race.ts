/**
 * The booking race (ADR 0013): N mentees with active subscriptions book ONE slot at once against the
 * built Worker; reports the outcome counts (exactly one 201) and p50/p99 latency. Repeats R rounds.
 * Then the reschedule race (ADR 0023): each of the N mentees holds a booking of her own and all move
 * it onto ONE open slot at once (tRPC scheduling.reschedule); exactly one may win, every loser keeps
 * her booking. Reports winners per round and p50/p95/p99.
 * Run: npm run bench:booking (builds first). N and R: BOOKING_MENTEES (100), BOOKING_ROUNDS (5).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createClient } from "@libsql/client/web";
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { timeSlots } from "../db/schema";
import { startStack } from "../scripts/built-stack";
import { raceCast } from "./race-cast";

const N = Number(process.env.BOOKING_MENTEES ?? 100);
const ROUNDS = Number(process.env.BOOKING_ROUNDS ?? 5);
const HOUR = 3_600_000;

// BENCH_SINGLE_WORKER=1: the edge Worker alone, without the placed API (ADR 0017), to compare on the same machine.
const stack = await startStack({ placedApi: process.env.BENCH_SINGLE_WORKER !== "1" });
try {
  const { db, tag, mentor, mentorToken, people, tokens, now } = await raceCast(stack, N);
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const rounds: { winners: number; ms: number }[] = [];
  // As in life, each mentee has the mentor's schedule open when the hour appears (she books what she sees): her
  // connection is open and the Worker has seen her token. Without this the first round also measures 100 new
  // connections of this one client process (bench/README.md, booking race).
  await Promise.all(
    tokens.map((token) =>
      fetch(`${stack.baseUrl}/api/mentees/timeslots/${mentor.id}`, { headers: { authorization: `Bearer ${token}` } }).then((res) =>
        res.text(),
      ),
    ),
  );
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
        const res = await fetch(`${stack.baseUrl}/api/mentees/timeslots/1`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ values: {}, slotId }),
        });
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
  const pct = (p: number, of = latencies) => Math.round(of[Math.min(of.length - 1, Math.floor((p / 100) * of.length))]);

  // The floor: the same race as one conditional write each, sent straight to the database (no Worker, no
  // account check, no reads, no notice): what the database alone costs for 100 writers on one row.
  // A plain client: not the Worker's (no busy retry, no write gate of 4).
  const raw = drizzle(createClient({ url: stack.dbUrl, concurrency: 1_000_000 }));
  const floorLatencies: number[] = [];
  const floorRounds: { winners: number; ms: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const startAt = new Date(Math.ceil(now / HOUR) * HOUR + (31 + r * 2) * HOUR);
    const [slot] = await db
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt, endAt: new Date(startAt.getTime() + HOUR) })
      .returning();
    const t0 = performance.now();
    const won = await Promise.all(
      people.map(async (p) => {
        const t = performance.now();
        const rows = await raw
          .update(timeSlots)
          .set({ state: "booked", menteeId: p.id, type: "session", bookedAt: new Date() })
          .where(and(eq(timeSlots.id, slot.id), eq(timeSlots.state, "open")))
          .returning({ id: timeSlots.id });
        floorLatencies.push(performance.now() - t);
        return rows.length;
      }),
    );
    floorRounds.push({ winners: won.reduce((a, b) => a + b, 0), ms: Math.round(performance.now() - t0) });
  }
  floorLatencies.sort((a, b) => a - b);
  const floor = { perRound: floorRounds, p50ms: pct(50, floorLatencies), p99ms: pct(99, floorLatencies), maxms: pct(100, floorLatencies) };
  console.log("floor (one conditional write each, straight to sqld):", JSON.stringify(floor));

  // The reschedule race: each mentee's own booking (written directly, 200 h ahead and on), all moved onto one slot per round.
  const base = Math.ceil(now / HOUR) * HOUR;
  const holding = new Map(people.map((p, i) => [p.id, `bench-${tag}-src-${i}`]));
  await db.insert(timeSlots).values(
    people.map((p, i) => ({
      id: holding.get(p.id)!,
      mentorId: mentor.id,
      startAt: new Date(base + (200 + i) * HOUR),
      endAt: new Date(base + (201 + i) * HOUR),
      state: "booked" as const,
      type: "session" as const,
      menteeId: p.id,
      bookedAt: new Date(now),
      bookingId: `bench-${tag}-booking-${i}`,
    })),
  );
  const moveLatencies: number[] = [];
  const moveOutcomes: Record<string, number> = {};
  const moveRounds: { winners: number; ms: number; losersKept: boolean }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const [target] = await db
      .insert(timeSlots)
      .values({
        id: `bench-${tag}-target-${r}`,
        mentorId: mentor.id,
        startAt: new Date(base + (60 + 2 * r) * HOUR),
        endAt: new Date(base + (61 + 2 * r) * HOUR),
      })
      .returning({ id: timeSlots.id });
    const t0 = performance.now();
    const results = await Promise.all(
      people.map(async (p, i) => {
        const t = performance.now();
        const res = await fetch(`${stack.baseUrl}/trpc/scheduling.reschedule`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i]}` },
          body: JSON.stringify({ slotId: holding.get(p.id), toSlotId: target.id }),
        });
        await res.text();
        moveLatencies.push(performance.now() - t);
        if (res.status === 200) holding.set(p.id, target.id);
        return res.status;
      }),
    );
    // Every mentee still holds exactly one booking, on the slot she had (or the target, for the winner).
    const held = await db
      .select({ id: timeSlots.id, menteeId: timeSlots.menteeId })
      .from(timeSlots)
      .where(and(eq(timeSlots.mentorId, mentor.id), eq(timeSlots.state, "booked"), inArray(timeSlots.id, [...holding.values()])));
    const losersKept = held.length === N && held.every((h) => holding.get(h.menteeId!) === h.id);
    moveRounds.push({ winners: results.filter((s) => s === 200).length, ms: Math.round(performance.now() - t0), losersKept });
    for (const s of results) moveOutcomes[s] = (moveOutcomes[s] ?? 0) + 1;
  }
  moveLatencies.sort((a, b) => a - b);
  const reschedule = {
    outcomes: moveOutcomes,
    perRound: moveRounds,
    p50ms: pct(50, moveLatencies),
    p95ms: pct(95, moveLatencies),
    p99ms: pct(99, moveLatencies),
    maxms: pct(100, moveLatencies),
  };
  const result = {
    mentees: N,
    rounds: ROUNDS,
    outcomes,
    perRound: rounds,
    p50ms: pct(50),
    p99ms: pct(99),
    maxms: pct(100),
    floor,
    reschedule,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/booking-race-latest.json", `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await stack.stop();
}
