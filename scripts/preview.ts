import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { startDoubles } from "../worker/dev/doubles";
import { printBanner } from "./banner";
import { BUILT_API_CONFIG_PATH, BUILT_WORKER_CONFIG_PATH as BUILT_WORKER_CONFIG } from "./built-worker";
import { startLocalDatabase } from "./local-db";
import { DEV_CALENDAR_KEY, DEV_VAPID, localJwtSecret, offlineWranglerEnv, writeDevVars } from "./worker-vars";

/** `npm run preview` (after `npm run build`): the built Workers (the edge and the placed API, ADR 0017) under `wrangler dev`, production-like, on the local sqld. */

if (!existsSync(BUILT_WORKER_CONFIG)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const dataDir = ".data";
const port = Number(process.env.PORT ?? 5173);
const db = await startLocalDatabase({ dataDir, port: Number(process.env.DB_PORT ?? 8089) });
printBanner(`http://localhost:${port}`, db.url, "built Worker");
// Stripe, Google and mail are the local doubles (ADR 0033); their pages are on their own port here (no Vite in front).
const doubles = await startDoubles({
  dbUrl: db.url,
  port: Number(process.env.DOUBLES_PORT ?? 8090),
  appOrigin: `http://localhost:${port}`,
});
const vars = {
  DB_URL: db.url,
  JWT_SECRET: localJwtSecret(dataDir),
  ENVIRONMENT: "development",
  ...DEV_VAPID,
  ...DEV_CALENDAR_KEY,
  ...doubles.workerVars,
};
// Each built Worker reads the .dev.vars beside its config (`--var` reaches the first only): both get this run's values.
for (const config of [BUILT_WORKER_CONFIG, BUILT_API_CONFIG_PATH]) writeDevVars(vars, join(dirname(config), ".dev.vars"));
const wrangler = spawn(
  "npx",
  ["wrangler", "dev", "-c", BUILT_WORKER_CONFIG, "-c", BUILT_API_CONFIG_PATH, "--port", String(port), "--ip", "127.0.0.1"],
  { stdio: "inherit", env: { ...process.env, ...offlineWranglerEnv } },
);
wrangler.on("exit", async (code) => {
  await doubles.stop();
  await db.stop();
  process.exit(code ?? 0);
});
process.on("SIGINT", () => wrangler.kill("SIGINT"));
process.on("SIGTERM", () => wrangler.kill("SIGTERM"));
