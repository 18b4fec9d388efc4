/**
 * The Worker's routes (Hono): the middleware every request passes, tRPC, the REST adapter, the webhooks, the pages,
 * the development doors and the SPA's files. worker/index.ts exports it as the Worker, with the cron and the rooms.
 */
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { DEFAULT_LOCALE, requestLocale } from "../shared/locale";
import { googleAuthRoutes } from "./accounts/google-auth.routes";
import { pageSessionRoutes } from "./accounts/page-session.routes";
import { calendarRoutes } from "./calendars/calendar.routes";
import { googleCalendarRoutes } from "./calendars/google/google-calendar.routes";
import { devCron } from "./dev/cron";
import { devQueues } from "./dev/queues";
import { appPage, wantsAppPage } from "./pages/app-page";
import { installFileRoutes } from "./pages/install-files.routes";
import { publicPageRoutes } from "./pages/public-pages.routes";
import { signedInPageRoutes } from "./pages/signed-in-pages.routes";
import { stripeWebhookRoutes } from "./payments/stripe-webhook.routes";
import { stripeConnectWebhookRoutes } from "./payouts/stripe-connect-webhook.routes";
import type { AppEnv } from "./platform/app-env";
import { configGate } from "./platform/config-gate";
import { logFailure, RETRY_AFTER_SECONDS } from "./platform/errors";
import { inputGuard, MAX_TRPC_BATCH } from "./platform/input-guard";
import { forwardToPlacedApi, sayCatalogueChanged } from "./platform/placement";
import { securityHeaders } from "./platform/security-headers";
import { exportRoutes } from "./privacy/exports.routes";
import { imageRoutes } from "./profiles/images.routes";
import { routeRealtime } from "./realtime/rooms.routes";
import { restApp, restErrorResponse } from "./rest/adapter";
import { wireThirdParties } from "./third-parties";
import { contextOf } from "./trpc/context-of";
import { appRouter } from "./trpc/router";

export const app = new Hono<AppEnv>();

// First, so every response gets the security headers, the early refusals and error pages too (ADR 0021).
app.use("*", securityHeaders);
// Every request gets an id (Cloudflare's ray id when there is one) that failures are logged with: without one,
// this isolate's random prefix and a counter (crypto.randomUUID cost about 0.1 ms a request, bench/worker-profile.ts).
// (Made at the first request: a Worker may not draw random values at its start.)
let isolatePrefix: string | undefined;
let requestCount = 0;
app.use("*", async (c, next) => {
  isolatePrefix ??= crypto.randomUUID().slice(0, 8);
  const requestId = c.req.header("cf-ray") ?? `${isolatePrefix}-${(++requestCount).toString(36)}`;
  c.set("requestId", requestId);
  c.header("x-request-id", requestId);
  await next();
});
// Signed-in calls are answered next to the database by the placed API (ADR 0017); what it changed in the public
// catalogue is said in its answer, and made here too.
app.use("*", forwardToPlacedApi);
app.use("*", sayCatalogueChanged);
// A misconfigured Worker answers 503 everywhere, and /healthz names the settings.
app.use("*", configGate);
app.use("*", inputGuard);
// Stripe, mail, Google and Web Push, chosen once per isolate for every route and job.
app.use("*", async (c, next) => {
  wireThirdParties(c.env);
  await next();
});

app.use(
  "/trpc/*",
  trpcServer({
    router: appRouter,
    endpoint: "/trpc",
    maxBatchSize: MAX_TRPC_BATCH,
    createContext: (_opts, c) => contextOf(c),
    responseMeta: ({ errors }) =>
      errors.some((e) => e.code === "SERVICE_UNAVAILABLE") ? { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } } : {},
    onError: ({ error, path, ctx }) => logFailure(ctx?.requestId ?? "-", `tRPC ${path ?? "(no path)"}`, error),
  }),
);

app.route("/", imageRoutes);
// A person's data archive, downloaded once with the ticket her signed-in claim got (ADR 0039).
app.route("/", exportRoutes);
// Payments: the Stripe webhooks (Stripe, or the local Stripe of ADR 0033, posts its signed events here).
app.route("/", stripeWebhookRoutes);
app.route("/", stripeConnectWebhookRoutes);
// The cron's jobs and the queues by hand (development only).
app.route("/dev/cron", devCron);
app.route("/dev/queues", devQueues);
// Google sign-in: start, callback and the popup page.
app.route("/", googleAuthRoutes);
// Scheduling (ADR 0013): calendar export (.ics downloads and the private feed).
app.route("/", calendarRoutes);
// A mentor's Google Calendar: connecting it, and Google's pushes when it changes.
app.route("/", googleCalendarRoutes);
app.route("/", publicPageRoutes);
// A signed-in page drawn with the person's data, from her page cookie (ADR 0028).
app.route("/", pageSessionRoutes);
app.route("/", signedInPageRoutes);
// Installable: the service worker and the web app manifest, revalidated on every request.
app.route("/", installFileRoutes);
app.route("/api", restApp);

app.all("/parties/*", async (c) => (await routeRealtime(c.req.raw, c.env)) ?? c.json({ message: "No such room" }, 404));

// The original client's socket.io polling (SPEC §7 `path /socket.io`) fails fast with where pushes live now (ADR 0014).
const SOCKET_IO_GONE =
  "Realtime pushes are served over WebSocket at /parties/user-room/<role>:<id>?ticket=<a ticket from POST /trpc/realtime.ticket>, not socket.io.";
app.all("/socket.io", (c) => c.json({ message: SOCKET_IO_GONE, error: SOCKET_IO_GONE, pushes: "/parties/user-room/" }, 404));
app.all("/socket.io/*", (c) => c.json({ message: SOCKET_IO_GONE, error: SOCKET_IO_GONE, pushes: "/parties/user-room/" }, 404));

app.get("/healthz", (c) => c.json({ ok: true }));

// Everything else is the SPA and its files: the Worker runs first for every path (wrangler.toml), so they pass
// through the security headers; the assets' own rules (public/_headers, the SPA fallback) still apply.
app.all("*", (c) => {
  // A page of the app in Hindi for a reader of Hindi; everything else as the assets have it.
  const locale = requestLocale(c.req.raw.headers);
  if (locale !== DEFAULT_LOCALE && wantsAppPage(c.req.raw)) return appPage(c.env, c.req.url, locale);
  return c.env.ASSETS.fetch(c.req.raw);
});

// Whatever a route did not handle itself still gets the one mapping: a clear 503 or a generic 500.
app.onError((error, c) => restErrorResponse(error, c.get("requestId") ?? "-", `${c.req.method} ${c.req.path}`));
