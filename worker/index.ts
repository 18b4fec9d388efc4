import { waitUntil } from "cloudflare:workers";
import type { AppEnv } from "./app-env";
import { app, deliverToSelf } from "./app";
import { runJobs } from "./jobs";
import { wireThirdParties } from "./third-parties";
import { keepWritesAliveWith } from "./database";

// Group commit: the request that sends waiting writes together stays alive until all of them are answered (db/write-gate.ts).
keepWritesAliveWith(waitUntil);

export { LiveRoom } from "../party/live-room";
export { UserRoom } from "../party/user-room";

export default {
  fetch: app.fetch,
  /** The one cron (wrangler.toml `[triggers]`): runs the small idempotent jobs of worker/jobs (mail, clean-ups, reminders). */
  scheduled: (_controller, env, ctx) => {
    wireThirdParties(env, deliverToSelf(env));
    ctx.waitUntil(runJobs(env, undefined, (p) => ctx.waitUntil(p)));
  },
} satisfies ExportedHandler<AppEnv["Bindings"]>;
