import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { startLocalDatabase } from "./local-db";
import { BUILT_WORKER_CONFIG_PATH } from "./built-worker";
import { freePort } from "./sqld";
import { offlineWranglerEnv } from "./worker-vars";

export type Stack = { baseUrl: string; dbUrl: string; jwtSecret: string; stop: () => Promise<void> };

async function waitForWorker(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The Worker did not answer at ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** A fresh seeded sqld and the built Worker under wrangler dev, both on loopback; removed by stop(). */
export async function startStack(): Promise<Stack> {
  if (!existsSync(BUILT_WORKER_CONFIG_PATH)) throw new Error("No build found: run `npm run build` (npm test does) first.");
  const dir = mkdtempSync(join(tmpdir(), "mentorlink-test-"));
  // A private copy of the build: a `vite build` while the stack runs must not reload its Worker.
  const buildDir = dirname(dirname(BUILT_WORKER_CONFIG_PATH));
  cpSync(buildDir, join(dir, "dist"), { recursive: true });
  const config = join(dir, "dist", relative(buildDir, BUILT_WORKER_CONFIG_PATH));
  const db = await startLocalDatabase({ dataDir: join(dir, "db") });
  const port = await freePort();
  const jwtSecret = `test-secret-${crypto.randomUUID()}`;
  const vars = { DB_URL: db.url, JWT_SECRET: jwtSecret, ENVIRONMENT: "test" };
  let log = "";
  const child = spawn(
    "npx",
    [
      "wrangler", "dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1",
      "--persist-to", join(dir, "wrangler"), "--log-level", "warn",
      ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    ],
    { env: { ...process.env, ...offlineWranglerEnv }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForWorker(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dbUrl: db.url, jwtSecret, stop };
}
