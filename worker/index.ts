import { waitUntil } from "cloudflare:workers";
import { app } from "./app";
import { runJobs } from "./background/cron.job";
import { consumeQueue } from "./background/queue-consumer.job";
import type { AppEnv } from "./platform/app-env";
import { keepWritesAliveWith } from "./platform/database";
import { wireThirdParties } from "./third-parties";

// Group commit: the request that sends waiting writes together stays alive until all of them are answered (db/write-gate.ts).
keepWritesAliveWith(waitUntil);

export { LiveRoom } from "../party/live-room";
export { UserRoom } from "../party/user-room";

export default {
  fetch: app.fetch,
  /** The one cron (wrangler.toml `[triggers]`): plans reminders, clean-ups, and sweeps up what the queues lost (worker/jobs). */
  scheduled: (_controller, env, ctx) => {
    wireThirdParties(env);
    ctx.waitUntil(runJobs(env, undefined, (p) => ctx.waitUntil(p)));
  },
  /** The queues' consumer (ADR 0031): mail in two lanes, reminders at their instant, and the dead letters. */
  queue: async (batch, env, ctx) => {
    wireThirdParties(env);
    await consumeQueue(batch as MessageBatch<never>, env, (p) => ctx.waitUntil(p));
  },
} satisfies ExportedHandler<AppEnv["Bindings"]>;
