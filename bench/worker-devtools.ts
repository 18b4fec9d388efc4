/**
 * A DevTools session on one of workerd's isolates and what to make of its CPU profile: the tools behind
 * bench/worker-profile.ts and `BENCH_PROFILE=1 npm run bench:background`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import WebSocket from "ws";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/**
 * A DevTools session on the isolate of the Worker `name` ("mentorship", the edge, or "mentorship-api", the placed API of
 * ADR 0017): `send` a method, await its result.
 */
export async function devtools(
  port: number,
  name: string,
): Promise<{ send: <T>(method: string, params?: object) => Promise<T>; close: () => void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
    id: string;
    title?: string;
    webSocketDebuggerUrl: string;
  }[];
  const named = (t: { id: string; title?: string }) =>
    [t.id, t.title ?? ""].some((s) => s === name || s.endsWith(`:${name}`) || s.includes(`${name}:`) || s.includes(`/${name}`));
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

/** What part of the bundle a frame is in: its file. */
function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  return url.split("/").pop() ?? url;
}

/**
 * Self time (µs) by function and by file. Each sample counts up to four sampling intervals: V8 samples the isolate only
 * while workerd runs JavaScript in it, so a longer gap is time outside the isolate (waiting for I/O, or workerd's own
 * work), and counting it whole would charge it to the frame before it.
 */
export function selfTimes(profile: Profile, intervalUs: number) {
  const maxSampleUs = 4 * intervalUs;
  const self = new Map<number, number>();
  let outside = 0;
  profile.samples.forEach((nodeId, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    self.set(nodeId, (self.get(nodeId) ?? 0) + Math.min(delta, maxSampleUs));
    outside += Math.max(0, delta - maxSampleUs);
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
  return { byFunction, byArea, total, idle, outside };
}

/** Prints the functions and files with the most self time. */
export function printSelfTimes({ byFunction, byArea }: ReturnType<typeof selfTimes>, top = 40): void {
  const ms = (us: number) => (us / 1000).toFixed(1);
  console.log(`\nSelf time by function (top ${top}):`);
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us).padStart(8)} ms  ${key}`);
  console.log("\nSelf time by file:");
  for (const [key, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms(us).padStart(8)} ms  ${key}`);
}

/** CPU time (ms) the processes of this name have used so far, from /proc (Linux; 0 elsewhere). */
export function processCpuMs(name: string): number {
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
