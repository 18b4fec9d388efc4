import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import type { Env } from "./env";
import { routeRealtime } from "./realtime";
import { restApp } from "./rest/adapter";
import { imageRoutes } from "./routes/images";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { localStripePages } from "./dev/local-stripe/pages";
import { createContext } from "./trpc/context";
import { appRouter } from "./trpc/router";

export { UserRoom } from "../party/user-room";

const app = new Hono<{ Bindings: Env }>();

app.use(
  "/trpc/*",
  trpcServer({
    router: appRouter,
    endpoint: "/trpc",
    createContext: (_opts, c) => createContext(c.req.raw, c.env as Env, c.executionCtx as ExecutionContext),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path} failed`, error);
    },
  }),
);

app.route("/", imageRoutes);
// Payments (issue 7): the Stripe webhook, and the local Stripe's pages (development only, 404 in production).
app.route("/", stripeWebhookRoutes);
app.route("/dev/stripe", localStripePages);
app.route("/api", restApp);

app.all("/parties/*", async (c) => (await routeRealtime(c.req.raw, c.env)) ?? c.json({ message: "No such room" }, 404));

app.get("/healthz", (c) => c.json({ ok: true }));

export default app satisfies ExportedHandler<Env>;
