import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Launcher } from "chrome-launcher";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

export type HeadlessChromium = { port: number; stop: () => Promise<void> };

/**
 * Headless Chromium with a fresh profile (no cache, no storage) and a DevTools port for Lighthouse,
 * with chrome-launcher's flags for measuring tools. Not chrome-launcher's launch(): that starts
 * Chromium in a process group of its own, so a Ctrl-C does not reach it, and it outlives a script
 * that is killed (tsx kills a child that is busy when a signal comes). Here Chromium is in our
 * process group and is also stopped when this process exits for any reason.
 */
export async function startHeadlessChromium(timeoutMs = 30_000): Promise<HeadlessChromium> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  const userDataDir = mkdtempSync(join(tmpdir(), "mentorlink-lighthouse-"));
  const args = [
    ...Launcher.defaultFlags(),
    ...CHROMIUM_ARGS,
    "--headless=new",
    "--remote-debugging-port=0",
    `--user-data-dir=${userDataDir}`,
    "about:blank",
  ];
  const child = spawn(CHROMIUM_PATH, args, { stdio: "ignore" });
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      spawnError = error;
      resolve();
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.pid !== undefined && !spawnError && child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      process.off("exit", killOnExit);
      // Chromium's helper processes can still be writing into the profile for a moment after the
      // browser exits (ENOTEMPTY); a profile left in /tmp must not fail the measurement.
      for (let attempt = 0; ; attempt++) {
        try {
          rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
          break;
        } catch (error) {
          if (attempt === 4) {
            console.warn(`Could not remove ${userDataDir}: ${(error as Error).message}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    })());

  try {
    // Chromium writes the port it chose to <profile>/DevToolsActivePort once it listens.
    const deadline = Date.now() + timeoutMs;
    const portFile = join(userDataDir, "DevToolsActivePort");
    while (Date.now() < deadline) {
      if (spawnError) throw new Error(`Chromium (${CHROMIUM_PATH}) did not start: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`Chromium (${CHROMIUM_PATH}) exited before it opened its DevTools port`);
      // "<port>\n/devtools/browser/<id>"; a file without its second line is still being written.
      const [port, path] = existsSync(portFile) ? readFileSync(portFile, "utf8").split("\n") : [];
      if (Number(port) > 0 && path) return { port: Number(port), stop };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Chromium opened no DevTools port within ${timeoutMs} ms`);
  } catch (error) {
    await stop();
    throw error;
  }
}
