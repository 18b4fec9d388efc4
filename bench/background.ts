import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { inArray, sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { menteeRow, mentorRow } from "../db/factories";
import { mentees, mentors, timeSlots } from "../db/schema";
import { startStack } from "../scripts/built-stack";
import { startLocalDatabase } from "../scripts/local-db";
import { startDbProxy } from "../tests/support/db-proxy";
import { openTabs, percentile, QueueBatches, type Received, startProvider } from "./background-parties";
import { devtools, type Profile, printSelfTimes, selfTimes } from "./worker-devtools";

/**
 * Background work at scale (ADR 0031). SESSIONS sessions start at the same instant; their 1-hour reminders (two
 * e-mails each, plus bell entries and pushes) fall due together a little after the run starts. The mail provider is a
 * local HTTP API with PROVIDER_MS latency and ERROR_RATE transient errors (500 before accepting), the database is DB_MS
 * away (the bench:db-distance proxy), CHANGED sessions are cancelled and CHANGED moved 10 s before their reminder, and a
 * reset code is asked for every second during the wave. The run acts as Cloudflare's cron (the sweep every minute).
 * Reports due->delivered p50/p95/p99, duplicates, mails sent after a cancel or move, the reset code's p99, and the floor:
 * the same number of provider calls made straight from this script, MAIL_SEND_CONCURRENCY at a time.
 * `npm run bench:background` (after a build).
 */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const CHANGED = Number(process.env.BENCH_CHANGED ?? Math.round(SESSIONS / 50));
const PROVIDER_MS = 100;
const ERROR_RATE = Number(process.env.BENCH_ERROR_RATE ?? 0.01);
const DB_MS = Number(process.env.BENCH_DB_MS ?? 75);
const LEAD_MS = Number(process.env.BENCH_LEAD_MS ?? 100_000);
/** Mentees of unchanged sessions with their app open in a tab during the wave: their bell entry must reach it. */
const OPEN_TABS = Number(process.env.BENCH_OPEN_TABS ?? Math.round(SESSIONS / 50));
/** BENCH_PROFILE=1: a CPU profile of the edge Worker's isolate (where the consumers run) over the wave, and each consumer batch's time. */
const PROFILE = process.env.BENCH_PROFILE === "1";
const INSPECTOR_PORT = 9_232;
const HOUR = 3_600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), "mentorlink-bench-background-"));
const database = await startLocalDatabase({ dataDir: join(dir, "db") });
const proxy = await startDbProxy(database.url, { latencyMs: DB_MS });
const provider = await startProvider(ERROR_RATE, PROVIDER_MS);
const queueBatches = new QueueBatches();
const stack = await startStack({
  ...(PROFILE ? { inspectorPort: INSPECTOR_PORT } : {}),
  log: queueBatches,
  dbUrl: proxy.url,
  vars: { MAIL_API_KEY: "re_bench_background", MAIL_API_URL: provider.url, MAIL_FROM: "MentorLink <no-reply@mentorlink.test>" },
});
const db = createDb(database.url);
try {
  // The accounts and sessions, straight into the database (next door): one mentor and one mentee per session.
  const run = Date.now().toString(36);
  const start = new Date(Math.ceil((Date.now() + LEAD_MS + HOUR) / 1000) * 1000);
  const due = start.getTime() - HOUR;
  const slotIds: string[] = [];
  const mentorEmail = (i: number) => `bg.${run}.mentor${i}@example.test`;
  const menteeEmail = (i: number) => `bg.${run}.mentee${i}@example.test`;
  for (let i = 0; i < SESSIONS; i += 500) {
    const n = Math.min(500, SESSIONS - i);
    const ms = await db
      .insert(mentors)
      .values(
        Array.from({ length: n }, (_, k) =>
          mentorRow({ email: mentorEmail(i + k), passwordHash: "x", timeZone: "Asia/Kolkata", status: "approved" }),
        ),
      )
      .returning({ id: mentors.id });
    const es = await db
      .insert(mentees)
      .values(Array.from({ length: n }, (_, k) => menteeRow({ email: menteeEmail(i + k), passwordHash: "x", timeZone: "Asia/Kolkata" })))
      .returning({ id: mentees.id });
    const slots = await db
      .insert(timeSlots)
      .values(
        ms.map((m, k) => ({
          mentorId: m.id,
          menteeId: es[k].id,
          state: "booked" as const,
          startAt: start,
          endAt: new Date(start.getTime() + HOUR),
          bookedAt: new Date(Date.now() - 2 * 24 * HOUR),
        })),
      )
      .returning({ id: timeSlots.id });
    slotIds.push(...slots.map((s) => s.id));
  }
  const codeAccounts = Array.from({ length: 240 }, (_, i) => `bg.${run}.reset${i}@example.test`);
  for (let i = 0; i < codeAccounts.length; i += 120)
    await db.insert(mentees).values(codeAccounts.slice(i, i + 120).map((email) => menteeRow({ email, passwordHash: "x" })));
  const menteeIds = (
    await db
      .select({ id: timeSlots.menteeId })
      .from(timeSlots)
      .where(inArray(timeSlots.id, slotIds.slice(2 * CHANGED, 2 * CHANGED + OPEN_TABS)))
  ).map((r) => r.id!);
  const tabs = await openTabs(db, stack.baseUrl, stack.jwtSecret, menteeIds);
  const cancelled = new Set(slotIds.slice(0, CHANGED));
  const moved = new Set(slotIds.slice(CHANGED, 2 * CHANGED));
  const changedIndexes = new Set([...Array(2 * CHANGED).keys()]);
  console.log(
    `${SESSIONS} sessions start at ${start.toISOString()}; their reminders are due at ${new Date(due).toISOString()} (in ${Math.round((due - Date.now()) / 1000)} s)`,
  );

  // The cron, every minute from now, as Cloudflare runs it.
  const sweep = async () => {
    try {
      const response = await fetch(`${stack.baseUrl}/dev/cron/reminders`, { method: "POST" });
      console.log(`sweep at ${new Date().toISOString()}: ${response.status} ${await response.text()}`);
    } catch {
      // The run is over.
    }
  };
  let sweeping = true;
  void (async () => {
    while (sweeping) {
      await sweep();
      await sleep(60_000 - (Date.now() % 60_000));
    }
  })();

  // 10 s before the reminders: CHANGED sessions are cancelled and CHANGED moved two hours later.
  await sleep(Math.max(0, due - 10_000 - Date.now()));
  const changedAt = Date.now();
  await db
    .update(timeSlots)
    .set({ state: "open", menteeId: null, bookedAt: null })
    .where(inArray(timeSlots.id, [...cancelled]));
  await db
    .update(timeSlots)
    .set({ startAt: new Date(start.getTime() + 2 * HOUR), endAt: new Date(start.getTime() + 3 * HOUR) })
    .where(inArray(timeSlots.id, [...moved]));

  // A reset code every second from 5 s before the wave until it has drained.
  const codes: { email: string; asked: number }[] = [];
  let asking = true;
  const asker = (async () => {
    for (let i = 0; asking && i < codeAccounts.length; i++) {
      const email = codeAccounts[i];
      codes.push({ email, asked: Date.now() });
      fetch(`${stack.baseUrl}/api/mentees/sent-otp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      })
        .then((r) => (r.ok ? undefined : console.warn(`reset code for ${email}: ${r.status}`)))
        .catch((error: unknown) => console.warn(`reset code for ${email}: ${String(error)}`));
      await sleep(1000);
    }
  })();

  const session = PROFILE ? await devtools(INSPECTOR_PORT, "mentorship") : undefined;
  if (session) {
    await sleep(Math.max(0, due - 2_000 - Date.now()));
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 200 });
    await session.send("Profiler.start");
  }

  const expected = 2 * (SESSIONS - 2 * CHANGED);
  const isReminder = (r: Received) => r.subject.startsWith("Reminder:");
  const deadline = due + 5 * 60_000;
  while (provider.received.filter(isReminder).length < expected && Date.now() < deadline) await sleep(1000);
  if (session) {
    const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
    session.close();
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/background-wave.cpuprofile", JSON.stringify(profile));
    const times = selfTimes(profile, 200);
    console.log(
      `Edge isolate over the wave: JavaScript ${(times.total / 1000).toFixed(0)} ms, outside it ${(times.outside / 1000).toFixed(0)} ms, idle ${(times.idle / 1000).toFixed(0)} ms`,
    );
    printSelfTimes(times, 50);
  }
  await sleep(5000);
  asking = false;
  sweeping = false;
  await asker;

  const reminders = provider.received.filter(isReminder);
  const latencies = reminders.map((r) => r.at - due);
  const perAddress = new Map<string, number>();
  for (const r of reminders) perAddress.set(r.to, (perAddress.get(r.to) ?? 0) + 1);
  const duplicates = [...perAddress.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
  const changedAddresses = new Set([...changedIndexes].flatMap((i) => [mentorEmail(i), menteeEmail(i)]));
  const afterCancel = reminders.filter((r) => changedAddresses.has(r.to) && r.at >= changedAt).length;
  const codeLatencies = codes.flatMap((c) => {
    const got = provider.received.find((r) => r.to === c.email);
    return got ? [got.at - c.asked] : [];
  });
  const [{ unsent }] = await db.all<{ unsent: number }>(
    sql`select count(*) as unsent from email_outbox where sent_at is null and muted_at is null and dead_at is null and subject like 'Reminder:%'`,
  );
  if (process.env.BENCH_SHOW_UNSENT)
    console.log(
      await db.all(
        sql`select id, attempts, claimed_until, queued_at, next_attempt_at, last_error, session_start_at, created_at from email_outbox where sent_at is null and subject like 'Reminder:%' limit 5`,
      ),
    );

  const providerCalls = provider.calls();
  const tabLatencies = tabs.received.map((at) => at - due);
  for (const id of tabs.notReached().slice(0, 5))
    console.warn(
      `tab of ${id} not reached:`,
      await db.all(sql`select tabs, updated_at from open_user_rooms where user_id = ${id}`),
      await db.all(sql`select content, created_at from notifications where recipient_id = ${id}`),
    );
  tabs.close();

  // The floor: as many provider calls straight from here, as many at once as a delivery makes.
  const floorStart = Date.now();
  let next = 0;
  const { MAIL_SEND_CONCURRENCY } = await import("../worker/mail/queued-delivery");
  await Promise.all(
    Array.from({ length: MAIL_SEND_CONCURRENCY }, async () => {
      while (next < expected) {
        next++;
        await fetch(provider.url, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": `floor-${next}` },
          body: JSON.stringify({ to: [`floor${next}@example.test`], subject: "floor" }),
        });
      }
    }),
  );
  const floorMs = Date.now() - floorStart;

  const result = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
    sessions: SESSIONS,
    cancelled: CHANGED,
    moved: CHANGED,
    provider_ms: PROVIDER_MS,
    provider_error_rate: ERROR_RATE,
    db_ms: DB_MS,
    reminder_mails_expected: expected,
    reminder_mails_delivered: reminders.length,
    reminder_mails_unsent: unsent,
    due_to_delivered_p50_ms: percentile(latencies, 50),
    due_to_delivered_p95_ms: percentile(latencies, 95),
    due_to_delivered_p99_ms: percentile(latencies, 99),
    due_to_delivered_max_ms: percentile(latencies, 100),
    duplicates,
    after_cancel: afterCancel,
    codes_asked: codes.length,
    codes_delivered: codeLatencies.length,
    code_p50_ms: percentile(codeLatencies, 50),
    code_p99_ms: percentile(codeLatencies, 99),
    provider_calls: providerCalls,
    floor_calls: expected,
    floor_ms: floorMs,
    floor_concurrency: MAIL_SEND_CONCURRENCY,
    open_tabs: menteeIds.length,
    tab_pushes_received: tabs.received.length,
    tab_reconnects: tabs.reconnects(),
    tab_push_p50_ms: percentile(tabLatencies, 50),
    tab_push_p99_ms: percentile(tabLatencies, 99),
    targets: { due_to_delivered_p99_ms: 60_000, duplicates: 0, after_cancel: 0, code_p99_ms: 5_000 },
  };
  queueBatches.report(due - 1_000);
  console.log(JSON.stringify(result, null, 2));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/background-latest.json", `${JSON.stringify(result, null, 2)}\n`);
  const met =
    result.due_to_delivered_p99_ms < 60_000 &&
    duplicates === 0 &&
    afterCancel === 0 &&
    result.code_p99_ms < 5_000 &&
    reminders.length === expected &&
    tabs.received.length === menteeIds.length;
  console.log(met ? "All targets met." : "A target was missed (see above).");
  process.exitCode = met ? 0 : 1;
} finally {
  await stack.stop();
  await proxy.stop();
  await provider.stop();
  await database.stop();
  rmSync(dir, { recursive: true, force: true });
}
