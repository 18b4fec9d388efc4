import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { createDb } from "../db/client";
import { enrollments, mentees, mentors, moderators, timeSlots } from "../db/schema";
import { menteeRow, mentorRow, moderatorRow } from "../db/factories";
import { startStack, type Stack } from "../scripts/built-stack";
import { openSession } from "../worker/services/sessions";
import { signAccessToken } from "../worker/services/tokens";
import { ownTrips, startDbProxy } from "../tests/support/db-proxy";
import { signedInReads } from "../tests/support/signed-in-reads";

/**
 * How far the database is, as a mentee feels it (issue 13, ADR 0017). The built Worker runs against
 * the local sqld through a proxy that counts the database round trips of each request and can add
 * a fixed delay to each, as a primary database in another region would. For each request a mentee
 * or mentor makes often, the run reports its round trips and its time with the database next door
 * and with 75 ms and 150 ms added per round trip. `npm run bench:db-distance` (after a build).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DELAYS = [0, 75, 150];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const base = await startStack();
const stacks: { delay: number; stack: Stack; proxy: Awaited<ReturnType<typeof startDbProxy>> }[] = [];
try {
  for (const delay of DELAYS) {
    const proxy = await startDbProxy(base.dbUrl, { latencyMs: delay });
    // Same database and secret for every Worker, so one token serves them all.
    stacks.push({ delay, proxy, stack: await startStack({ dbUrl: proxy.url, vars: { JWT_SECRET: base.jwtSecret } }) });
  }
  const db = createDb(base.dbUrl);
  const [mentor] = await db.insert(mentors).values(mentorRow({ email: `far.mentor.${Date.now()}@example.test`, passwordHash: "x", timeZone: "Asia/Kolkata" })).returning();
  const [mentee] = await db.insert(mentees).values(menteeRow({ email: `far.mentee.${Date.now()}@example.test`, passwordHash: "x", timeZone: "America/New_York" })).returning();
  await db.insert(enrollments).values({ menteeId: mentee.id, mentorId: mentor.id, status: "active", amountPaise: 960_000, currentPeriodStart: new Date(Date.now() - 86_400_000), currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000), activatedAt: new Date() });
  const token = async (role: "mentee" | "mentor" | "moderator", id: string) => signAccessToken(base.jwtSecret, { sub: id, role, sid: (await openSession(db, { role, userId: id })).sessionId });
  const menteeToken = await token("mentee", mentee.id);
  const mentorToken = await token("mentor", mentor.id);
  const [moderator] = await db.insert(moderators).values(moderatorRow({ email: `far.moderator.${Date.now()}@example.test`, passwordHash: "x" })).returning();
  const moderatorToken = await token("moderator", moderator.id);
  let hour = 0;
  const freshSlot = async () => {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + (48 + hour++) * 3_600_000);
    const [slot] = await db.insert(timeSlots).values({ mentorId: mentor.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) }).returning();
    return slot.id;
  };

  type Req = { name: string; kind: "read (may use a replica)" | "read (needs the primary)" | "write (primary)"; run: (url: string, slotId: string) => Promise<Response> };
  const json = (t: string) => ({ authorization: `Bearer ${t}`, "content-type": "application/json" });
  const requests: Req[] = [
    { name: "public search (landing, browse)", kind: "read (may use a replica)", run: (u) => fetch(`${u}/api/mentees/mentors?search=engineer`) },
    { name: "public mentor profile", kind: "read (may use a replica)", run: (u) => fetch(`${u}/trpc/mentors.profile?input=${encodeURIComponent(JSON.stringify({ mentorId: mentor.id }))}`) },
    // The signed-in reads CI counts (tests/integration/database-trips.test.ts): one round trip each.
    ...signedInReads({ id: mentee.id, token: menteeToken }, { id: mentor.id, token: mentorToken }, { id: moderator.id, token: moderatorToken }).map(
      (read): Req => ({ name: read.name, kind: "read (needs the primary)", run: (u) => fetch(`${u}${read.path}`, { headers: json(read.token) }) }),
    ),
    {
      name: "mentee: book a slot",
      kind: "write (primary)",
      run: (u, slotId) => fetch(`${u}/api/mentees/timeslots/1`, { method: "POST", headers: json(menteeToken), body: JSON.stringify({ values: {}, slotId }) }),
    },
  ];

  const rows = [];
  for (const r of requests) {
    const row: Record<string, unknown> = { request: r.name, kind: r.kind };
    for (const { delay, stack, proxy } of stacks) {
      const times: number[] = [];
      const trips: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const slotId = await freshSlot();
        const before = proxy.statements().length;
        const t = performance.now();
        const res = await r.run(stack.baseUrl, slotId);
        await res.arrayBuffer();
        times.push(performance.now() - t);
        // The request's own trips: not the mail its change queued, which goes out after the answer.
        trips.push(ownTrips(proxy.statements().slice(before)).length);
        if (res.status >= 400) throw new Error(`${r.name}: ${res.status}`);
        // A booking goes back to the quota (4 a period) so the next run can book again; not timed.
        if (r.kind === "write (primary)") await fetch(`${base.baseUrl}/api/mentees/booked-slots/1`, { method: "PATCH", headers: json(menteeToken), body: JSON.stringify({ slotId }) });
      }
      row.trips = median(trips);
      row[`ms@${delay}`] = Number(median(times).toFixed(1));
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  writeFileSync("bench/results/db-distance-latest.json", JSON.stringify({ date: new Date().toISOString(), machine, runs: RUNS, delaysMs: DELAYS, rows }, null, 2) + "\n");
} finally {
  for (const { stack, proxy } of stacks) {
    await stack.stop();
    await proxy.stop();
  }
  await base.stop();
}
