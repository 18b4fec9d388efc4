import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * Load from a second process: wrk (Debian's `wrk`, C, epoll) keeps `connections` requests in flight
 * for `seconds`, so the load generator takes little of the CPU the servers under test need.
 */
export type WrkResult = { p50: number; p95: number; p99: number; rps: number; requests: number };

const REPORT = `
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout
  io.write(string.format("WRK %d %d %d %f %f %f\\n", summary.requests, summary.duration, errors,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

const dir = mkdtempSync(join(tmpdir(), "bench-wrk-"));
let scripts = 0;

export function wrkAvailable(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk prints its usage and exits 1 for --version: it is there.
    return (error as { status?: number }).status === 1;
  }
}

/**
 * Runs wrk against `url` (a GET, or a POST of `body` as JSON), with `headers`; fails on any error or non-2xx answer.
 * Asynchronous on purpose: Miniflare serves parts of the runtime from this process's event loop.
 */
export async function runWrk(
  url: string,
  options: { connections: number; seconds: number; body?: string; headers?: Record<string, string> },
): Promise<WrkResult> {
  const lines = [REPORT];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`wrk.headers["${name}"] = "${value}"`);
  if (options.body !== undefined) {
    lines.push('wrk.method = "POST"', 'wrk.headers["Content-Type"] = "application/json"', `wrk.body = [==[${options.body}]==]`);
  }
  const script = join(dir, `s${scripts++}.lua`);
  writeFileSync(script, lines.join("\n"));
  const { stdout: out } = await promisify(execFile)(
    "wrk",
    ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s", "-s", script, url],
    { encoding: "utf8" },
  );
  const match = /^WRK (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)$/m.exec(out);
  if (!match) throw new Error(`Unexpected wrk output:\n${out}`);
  const [requests, durationUs, errors, p50, p95, p99] = match.slice(1).map(Number);
  if (errors) throw new Error(`${errors} of ${requests} requests to ${url} failed:\n${out}`);
  const ms = (us: number) => us / 1000;
  return { p50: ms(p50), p95: ms(p95), p99: ms(p99), rps: requests / (durationUs / 1e6), requests };
}
