import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import WebSocket from "ws";
import { createDb } from "../db/client";
import { menteeRow, mentorRow } from "../db/factories";
import { conversations, enrollments, mentees, mentors, refreshSessions } from "../db/schema";
import { startStack } from "../scripts/built-stack";
import { signAccessToken } from "../worker/accounts/tokens";

/**
 * Chat push latency with 1,000 sockets held open in user rooms (ADR 0014), on the local stack the
 * tests use (built Worker in workerd, sqld). 500 mentee/mentor pairs, each with a conversation;
 * every account's room has one socket. Measured per message:
 * - commit→push: from the message's `createdAt` (taken by the Worker just before the insert batch, so
 *   this includes the batch's own round trip: an upper bound of commit→push) to `messageReveived`
 *   arriving at the recipient's socket;
 * - send→push: from the client starting the send call to the push arriving (end to end).
 * Phase 1 sends one message at a time; phase 2 keeps BENCH_CONCURRENCY sends in flight for
 * BENCH_SECONDS and reports the sustained delivered messages per second and the latencies under load;
 * phase 3 (the floor) sends the send's own write batch, as many in flight, straight to sqld.
 */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 500);
const SEQUENTIAL = Number(process.env.BENCH_MESSAGES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

type Pair = { menteeId: string; mentorId: string; conversationId: string; menteeToken: string; mentorToken: string };
type Sample = { commitToPush: number; sendToPush: number };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const summary = (samples: Sample[]) => {
  const pick = (k: keyof Sample) => samples.map((s) => s[k]);
  const of = (k: keyof Sample) => ({
    p50: percentile(pick(k), 50),
    p95: percentile(pick(k), 95),
    p99: percentile(pick(k), 99),
    max: Math.max(...pick(k)),
  });
  return { count: samples.length, commitToPush: of("commitToPush"), sendToPush: of("sendToPush") };
};
const line = (name: string, s: ReturnType<typeof summary>) =>
  `${name}: ${s.count} messages; commit→push p50 ${s.commitToPush.p50.toFixed(1)} p95 ${s.commitToPush.p95.toFixed(1)} p99 ${s.commitToPush.p99.toFixed(1)} max ${s.commitToPush.max.toFixed(1)} ms; send→push p50 ${s.sendToPush.p50.toFixed(1)} p95 ${s.sendToPush.p95.toFixed(1)} p99 ${s.sendToPush.p99.toFixed(1)} ms`;

// BENCH_SINGLE_WORKER=1: the edge Worker alone, without the placed API (ADR 0017), to compare on the same machine.
const stack = await startStack({ placedApi: process.env.BENCH_SINGLE_WORKER !== "1" });
const sockets: WebSocket[] = [];
try {
  const db = createDb(stack.dbUrl);
  const tag = Date.now().toString(36);
  console.log(`seeding ${PAIRS} pairs...`);
  const pairs: Pair[] = [];
  for (let start = 0; start < PAIRS; start += 100) {
    const n = Math.min(100, PAIRS - start);
    const menteeRows = Array.from({ length: n }, (_, i) =>
      menteeRow({
        id: crypto.randomUUID(),
        email: `bench.mentee.${tag}.${start + i}@example.test`,
        firstName: "Bench",
        lastName: `Mentee ${start + i}`,
      }),
    );
    const mentorRows = Array.from({ length: n }, (_, i) =>
      mentorRow({
        id: crypto.randomUUID(),
        email: `bench.mentor.${tag}.${start + i}@example.test`,
        passwordHash: "x",
        firstName: "Bench",
        lastName: `Mentor ${start + i}`,
      }),
    );
    const now = Date.now();
    const expiresAt = new Date(now + 86_400_000);
    const rows = menteeRows.map((m, i) => ({
      menteeId: m.id!,
      mentorId: mentorRows[i].id!,
      conversationId: crypto.randomUUID(),
      menteeSid: crypto.randomUUID(),
      mentorSid: crypto.randomUUID(),
    }));
    const session = (id: string, role: "mentee" | "mentor", userId: string) => ({
      id,
      familyId: id,
      userRole: role,
      userId,
      secretHash: "x",
      expiresAt,
    });
    await db.batch([
      db.insert(mentees).values(menteeRows),
      db.insert(mentors).values(mentorRows),
      db.insert(enrollments).values(
        rows.map((r) => ({
          menteeId: r.menteeId,
          mentorId: r.mentorId,
          status: "active" as const,
          amountPaise: 100_000,
          activatedAt: new Date(now),
        })),
      ),
      db.insert(conversations).values(rows.map((r) => ({ id: r.conversationId, menteeId: r.menteeId, mentorId: r.mentorId }))),
      db
        .insert(refreshSessions)
        .values(rows.flatMap((r) => [session(r.menteeSid, "mentee", r.menteeId), session(r.mentorSid, "mentor", r.mentorId)])),
    ]);
    for (const r of rows) {
      pairs.push({
        menteeId: r.menteeId,
        mentorId: r.mentorId,
        conversationId: r.conversationId,
        menteeToken: await signAccessToken(stack.jwtSecret, { sub: r.menteeId, role: "mentee", sid: r.menteeSid }),
        mentorToken: await signAccessToken(stack.jwtSecret, { sub: r.mentorId, role: "mentor", sid: r.mentorSid }),
      });
    }
  }

  // Every push that reaches a socket, by client id: the arrival time (recipients only).
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const wsBase = stack.baseUrl.replace(/^http/, "ws");
  /** A single-use socket ticket (ADR 0020), as the app asks for one before each connect. */
  const ticketFor = async (token: string) => {
    const response = await fetch(`${stack.baseUrl}/trpc/realtime.ticket`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    if (!response.ok) throw new Error(`ticket refused ${response.status}`);
    return ((await response.json()) as { result: { data: { ticket: string } } }).result.data.ticket;
  };
  const join = async (role: "mentee" | "mentor", id: string, token: string) => {
    const ticket = await ticketFor(token);
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${wsBase}/parties/user-room/${role}:${id}?ticket=${encodeURIComponent(ticket)}`);
      sockets.push(socket);
      socket.on("message", (raw) => {
        const at = performance.now() + performance.timeOrigin;
        const { event, data } = JSON.parse(raw.toString()) as {
          event: string;
          data: { clientId?: string; sender?: { senderType?: string } };
        };
        if (event === "connected") return resolve();
        if (event !== "messageReveived" || data.sender?.senderType === role || !data.clientId) return;
        arrivals.set(data.clientId, at);
        waiters.get(data.clientId)?.(at);
      });
      socket.once("open", () => socket.send(JSON.stringify({ event: "setup", data: {} })));
      socket.once("error", reject);
      socket.once("unexpected-response", (_q, res) => reject(new Error(`refused ${res.statusCode}`)));
    });
  };
  console.log(`opening ${pairs.length * 2} sockets...`);
  const opened = performance.now();
  for (let i = 0; i < pairs.length; i += 50) {
    await Promise.all(
      pairs.slice(i, i + 50).flatMap((p) => [join("mentee", p.menteeId, p.menteeToken), join("mentor", p.mentorId, p.mentorToken)]),
    );
  }
  console.log(`${sockets.length} sockets connected in ${((performance.now() - opened) / 1000).toFixed(1)} s`);

  let sent = 0;
  /** Sends one message (alternating sides so no sender nears the rate limit) and resolves with its timings once the push arrives. */
  const sendOne = async (): Promise<Sample> => {
    const n = sent++;
    const pair = pairs[n % pairs.length];
    const fromMentee = Math.floor(n / pairs.length) % 2 === 0;
    const clientId = `bench-${tag}-${n}`;
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no push for ${clientId} within 10 s`)), 10_000);
      waiters.set(clientId, (at) => {
        clearTimeout(timer);
        waiters.delete(clientId);
        resolve(at);
      });
    });
    const started = performance.now() + performance.timeOrigin;
    const response = await fetch(`${stack.baseUrl}/trpc/chat.send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${fromMentee ? pair.menteeToken : pair.mentorToken}` },
      body: JSON.stringify({ conversationId: pair.conversationId, message: `benchmark message ${n}`, clientId }),
    });
    const body = (await response.json()) as { result?: { data: { message: { createdAt: string } } } };
    if (!response.ok || !body.result) throw new Error(`send answered ${response.status}: ${JSON.stringify(body)}`);
    const at = arrivals.get(clientId) ?? (await arrived);
    return { commitToPush: at - Date.parse(body.result.data.message.createdAt), sendToPush: at - started };
  };

  for (let i = 0; i < 20; i++) await sendOne(); // warm-up, discarded
  console.log(`phase 1: ${SEQUENTIAL} messages, one at a time`);
  const sequential: Sample[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await sendOne());
  const one = summary(sequential);
  console.log(line("one at a time", one));

  console.log(`phase 2: ${CONCURRENCY} sends in flight for ${SECONDS} s`);
  const loaded: Sample[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        try {
          loaded.push(await sendOne());
        } catch (error) {
          failures++;
          if (failures <= 3) console.error(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const load = summary(loaded);
  const rate = loaded.length / elapsed;
  console.log(line(`${CONCURRENCY} in flight`, load));
  console.log(`sustained: ${rate.toFixed(0)} messages/s delivered (${failures} failed) with ${sockets.length} sockets open`);

  // Phase 3, the floor: the send's own write batch (the same four statements as worker/chat/messages.ts),
  // CONCURRENCY in flight for SECONDS, straight to sqld through the client the Worker uses (with its busy retry), without
  // the Worker, its account check, tRPC or the push: what the database alone allows at this concurrency.
  console.log(`phase 3 (floor): ${CONCURRENCY} write batches in flight for ${SECONDS} s, straight to sqld`);
  const client = db.$client as unknown as {
    batch: (stmts: { sql: string; args: (string | number)[] }[], mode: "write") => Promise<unknown>;
  };
  const floorLatencies: number[] = [];
  let floorCount = 0;
  const floorUntil = performance.now() + SECONDS * 1000;
  const floorBegan = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      for (let n = lane; performance.now() < floorUntil; n += CONCURRENCY) {
        const pair = pairs[n % pairs.length];
        const id = crypto.randomUUID();
        const now = Date.now();
        const stored = "exists (select 1 from messages where id = ?)";
        const t = performance.now();
        await client.batch(
          [
            {
              sql: "insert into messages (id, conversation_id, sender_type, sender_id, content, client_id, created_at) select ?, ?, 'mentee', ?, ?, ?, ? where (select count(*) from messages where sender_type = 'mentee' and sender_id = ? and created_at > ?) < 1000000 on conflict (sender_type, sender_id, client_id) do nothing",
              args: [id, pair.conversationId, pair.menteeId, `floor ${n}`, crypto.randomUUID(), now, pair.menteeId, now - 10_000],
            },
            { sql: `update conversations set last_message_at = ? where id = ? and ${stored}`, args: [now, pair.conversationId, id] },
            {
              sql: `delete from notifications where recipient_role = 'mentor' and recipient_id = ? and conversation_id = ? and type = 'message' and is_read = 0 and ${stored}`,
              args: [pair.mentorId, pair.conversationId, id],
            },
            {
              sql: `insert into notifications (id, recipient_role, recipient_id, type, kind, content, conversation_id, is_read, created_at) select ?, 'mentor', ?, 'message', 'message', 'New message from Bench', ?, 0, ? where ${stored}`,
              args: [crypto.randomUUID(), pair.mentorId, pair.conversationId, now, id],
            },
          ],
          "write",
        );
        floorLatencies.push(performance.now() - t);
        floorCount++;
      }
    }),
  );
  const floorSeconds = (performance.now() - floorBegan) / 1000;
  const floor = {
    count: floorCount,
    perSecond: floorCount / floorSeconds,
    p50: percentile(floorLatencies, 50),
    p95: percentile(floorLatencies, 95),
    p99: percentile(floorLatencies, 99),
    max: Math.max(...floorLatencies),
  };
  console.log(
    `floor: ${floor.perSecond.toFixed(0)} write batches/s; p50 ${floor.p50.toFixed(1)} p95 ${floor.p95.toFixed(1)} p99 ${floor.p99.toFixed(1)} max ${floor.max.toFixed(1)} ms`,
  );

  writeFileSync(
    new URL("./results/chat-latency-latest.json", import.meta.url),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        cpus: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        sockets: sockets.length,
        pairs: pairs.length,
        sequential: one,
        loaded: { ...load, concurrency: CONCURRENCY, seconds: elapsed, messagesPerSecond: rate, failures },
        floor,
      },
      null,
      2,
    ),
  );
} finally {
  sockets.forEach((s) => s.terminate());
  await stack.stop();
}
