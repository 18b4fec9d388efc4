import { waitUntil } from "cloudflare:workers";
import { app } from "./app";
import type { AppEnv } from "./platform/app-env";
import { keepWritesAliveWith } from "./platform/database";
import { goesToPlacedApi } from "./platform/placement";

// Group commit: the request that sends waiting writes together stays alive until all of them are answered (db/write-gate.ts).
keepWritesAliveWith(waitUntil);

/**
 * The placed API's entry (wrangler.api.toml, ADR 0017): the same routes as the edge Worker, for the signed-in calls
 * the edge forwards through its service binding. Anything else is not its to answer. No cron and no rooms of its own:
 * the rooms it pushes to live in the edge Worker's namespace.
 */
const NOT_HERE = "This service answers signed-in API calls forwarded by the edge Worker only.";

export default {
  fetch: (request, env, ctx) =>
    goesToPlacedApi(request) ? app.fetch(request, env, ctx) : Response.json({ message: NOT_HERE, error: NOT_HERE }, { status: 404 }),
} satisfies ExportedHandler<AppEnv["Bindings"]>;
