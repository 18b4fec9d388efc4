/**
 * Where the Worker's CPU goes under the booking race (issue 25): the built Worker in workerd with its
 * DevTools port open, N mentees booking one slot at once for R rounds while V8's sampling profiler
 * runs in the Worker's isolate; prints the functions with the most self time, and the share of each
 * bundle area (the Worker's own code, drizzle, tRPC, hono, libSQL's client, ...). Not a benchmark
 * with a target: a tool to find what to make cheaper. `npx tsx bench/worker-profile.ts` after a build.
 * Also prints the CPU each process (workerd, sqld, Node) used over the same rounds, from /proc.
 * N and R: BOOKING_MENTEES (100), BOOKING_ROUNDS (5). The profile goes to bench/results/worker-profile.cpuprofile
 * (open it in Chromium's DevTools, Performance panel).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import WebSocket from "ws";
import { startStack } from "../scripts/built-stack";
import { raceCast } from "./race-cast";

const N = Number(process.env.BOOKING_MENTEES ?? 100);
const ROUNDS = Number(process.env.BOOKING_ROUNDS ?? 5);
const HOUR = 3_600_000;
const INSPECTOR_PORT = 9_231;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A DevTools session on the Worker's isolate: `send` a method, await its result. */
async function devtools(): Promise<{ send: <T>(method: string, params?: object) => Promise<T>; close: () => void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as { id: string; title?: string; webSocketDebuggerUrl: string }[];
  // The edge Worker ("mentorship") or the placed API ("mentorship-api", ADR 0017): PROFILE_WORKER names which (the API by default).
  const name = process.env.PROFILE_WORKER ?? "mentorship-api";
  const named = (t: { id: string; title?: string }) => [t.id, t.title ?? ""].some((s) => s === name || s.endsWith(`:${name}`) || s.includes(`${name}:`) || s.includes(`/${name}`));
  console.log(`DevTools targets: ${targets.map((t) => `${t.id} (${t.title ?? ""})`).join(", ")}`);
  const target = targets.find(named) ?? targets[0];
  if (!target) throw new Error("workerd offered no DevTools target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const mine = ++id;
        waiting.set(mine, (m) => (m.error ? reject(new Error(`${method}: ${JSON.stringify(m.error)}`)) : resolve(m.result as T)));
        socket.send(JSON.stringify({ id: mine, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** What part of the bundle a frame is in, from its function's source position in the bundle (by the code around it). */
function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  return url.split("/").pop() ?? url;
}

/** CPU time (ms) the processes of this name have used so far, from /proc (Linux; 0 elsewhere). */
function processCpuMs(name: string): number {
  if (!existsSync("/proc")) return 0;
  let pids: string[];
  try {
    pids = execFileSync("pgrep", ["-x", name], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
  } catch {
    return 0; // none running
  }
  const tick = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) * tick; // utime + stime
    } catch {
      return sum;
    }
  }, 0);
}
const PROCESSES = ["workerd", "sqld", "node"] as const;

const stack = await startStack({ inspectorPort: INSPECTOR_PORT });
try {
  const { mentorToken, tokens, now } = await raceCast(stack, N);

  const session = await devtools();
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 100 });
  await session.send("Profiler.start");
  let requests = 0;
  const cpuBefore = PROCESSES.map(processCpuMs);
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    const start = new Date(Math.ceil(now / HOUR) * HOUR + (30 + r * 2) * HOUR);
    const published = (await (
      await fetch(`${stack.baseUrl}/api/mentors/available-timeslots`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${mentorToken}` }, body: JSON.stringify({ slotDetails: { start: start.toISOString() } }) })
    ).json()) as { allTimeSlots: { _id: string }[] };
    const slotId = published.allTimeSlots[0]._id;
    await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${stack.baseUrl}/api/mentees/timeslots/1`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ values: {}, slotId }) });
        await res.text();
        requests++;
      }),
    );
  }
  const wall = performance.now() - t0;
  const cpuUsed = PROCESSES.map((name, i) => processCpuMs(name) - cpuBefore[i]);
  const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
  session.close();
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/worker-profile.cpuprofile", JSON.stringify(profile));

  // Self time of each node: the sampling intervals that ended in it, each counted up to four intervals. V8 samples the
  // isolate only while workerd runs JavaScript in it: a longer gap is time outside the isolate (waiting for I/O, or
  // workerd's own work), and counting it whole gave the frame before it (session 41: 2.2 ms a request instead of about
  // 0.6; the gaps were 0.9 s of the run's 1.2 s).
  const MAX_SAMPLE_US = 4 * 100;
  const self = new Map<number, number>();
  let outside = 0;
  profile.samples.forEach((nodeId, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    self.set(nodeId, (self.get(nodeId) ?? 0) + Math.min(delta, MAX_SAMPLE_US));
    outside += Math.max(0, delta - MAX_SAMPLE_US);
  });
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (node.callFrame.functionName === "(idle)") {
      idle += us;
      continue;
    }
    total += us;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${url.split("/").pop() ?? ""}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byArea.set(areaOf(node), (byArea.get(areaOf(node)) ?? 0) + us);
  }
  const ms = (us: number) => (us / 1000).toFixed(1);
  const perRequest = (msTotal: number) => `${((msTotal / requests) * 1000).toFixed(0)} µs a request`;
  console.log(`${requests} bookings in ${ROUNDS} rounds, ${wall.toFixed(0)} ms wall`);
  console.log(`JavaScript in the profiled isolate: ${ms(total)} ms (${perRequest(total / 1000)}); outside it (waiting, or workerd's own work) ${ms(outside)} ms; idle ${ms(idle)} ms`);
  console.log(`Process CPU in the same time: ${PROCESSES.map((name, i) => `${name} ${cpuUsed[i].toFixed(0)} ms (${perRequest(cpuUsed[i])})`).join(", ")}`);
  console.log("\nSelf time by function (top 40):");
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${ms(us).padStart(8)} ms  ${key}`);
  console.log("\nSelf time by file:");
  for (const [key, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms(us).padStart(8)} ms  ${key}`);
} finally {
  await stack.stop();
}
