import { spawn } from "node:child_process";
import { startDoubles } from "../worker/dev/doubles";
import { printBanner } from "./banner";
import { startDemoCalendar } from "./dev-calendar";
import { startLocalDatabase } from "./local-db";
import { startMinuteCron } from "./minute-cron";
import { DEV_CALENDAR_KEY, DEV_VAPID, localJwtSecret, offlineWranglerEnv, writeDevVars } from "./worker-vars";

/** `npm run dev`: local sqld (migrated, seeded), then Vite with the Worker, rooms and local R2 in workerd. */
const dataDir = ".data";
const port = Number(process.env.PORT ?? 5173);
const db = await startLocalDatabase({ dataDir, port: Number(process.env.DB_PORT ?? 8089) });
// Stripe, Google, the mail provider and a Web Push service played by local doubles (ADR 0033), whose pages Vite shows on the app's origin
// (scripts/doubles-proxy.ts). A third party whose settings are in the environment (your own Stripe test keys) stays real.
const appOrigin = `http://localhost:${port}`;
const doubles = await startDoubles({ dbUrl: db.url, port: Number(process.env.DOUBLES_PORT ?? 8090), appOrigin, pagesOrigin: appOrigin });
const ownThirdParties = Object.fromEntries(
  [...Object.keys(doubles.workerVars), "MAIL_FROM"].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
);
const thirdParties = { ...doubles.workerVars, ...ownThirdParties };
if (ownThirdParties.STRIPE_SECRET_KEY) delete thirdParties.STRIPE_API_URL;
if (ownThirdParties.MAIL_API_KEY) thirdParties.MAIL_API_URL = ownThirdParties.MAIL_API_URL ?? "https://api.resend.com/emails";
if (ownThirdParties.GOOGLE_CLIENT_ID) delete thirdParties.GOOGLE_OAUTH_URL;
// Search results are always fresh in development, so an edit shows in search at once.
// Web Push with the fixed development key pair; the doubles' local push service (PUSH_SERVICE_URL, its inbox at /dev/push)
// hands the app its subscriptions and receives what is sent (ADR 0027, ADR 0033).
const workerVars = {
  DB_URL: db.url,
  JWT_SECRET: localJwtSecret(dataDir),
  ENVIRONMENT: "development",
  SEARCH_CACHE_SECONDS: "0",
  ...DEV_VAPID,
  ...DEV_CALENDAR_KEY,
  ...thirdParties,
};
writeDevVars(workerVars);
// The demo mentor's day-job calendar on a local Radicale when it is installed (ADR 0040), else in the local Google Calendar (ADR 0041).
const demoCalendar = await startDemoCalendar({
  dbUrl: db.url,
  dataDir,
  port: Number(process.env.RADICALE_PORT ?? 5232),
  workerVars,
  appOrigin,
});
printBanner(`http://localhost:${port}`, db.url, "development");

const vite = spawn("npx", ["vite", "--port", String(port)], {
  stdio: "inherit",
  env: { ...process.env, ...offlineWranglerEnv, DOUBLES_URL: doubles.url },
});
// The Worker's cron, every minute as in production (wrangler.toml `[triggers]`): reminders planned, clean-ups, lost mail swept
// up. The queues run inside the dev server by themselves. Vite's Worker answers Cloudflare's own trigger path.
const stopCron = startMinuteCron(`http://localhost:${port}`);
const shutdown = async () => {
  stopCron();
  vite.kill("SIGTERM");
  await demoCalendar?.stop();
  await doubles.stop();
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
vite.on("exit", async (code) => {
  await demoCalendar?.stop();
  await doubles.stop();
  await db.stop();
  process.exit(code ?? 0);
});
