import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { createDb } from "../../db/client";
import { localGoogle } from "./local-google";
import { localGoogleCalendar } from "./local-google-calendar";
import { localGoogleCalendarPage } from "./local-google-calendar-page";
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_GOOGLE_CLIENT_SECRET } from "./local-google-provider";
import {
  LOCAL_CONNECT_WEBHOOK_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  type LocalStripeEnv,
  localStripeFetch,
} from "./local-stripe/api";
import { localStripeControlRoutes } from "./local-stripe/control-routes";
import { LocalStripeControls } from "./local-stripe/controls";
import { localStripePages } from "./local-stripe/pages";
import { pruneLocalStripeObjects } from "./local-stripe/store";
import { localMailProvider, type MailProviderControls } from "./mailbox";
import { localPushService } from "./push-pages";

/**
 * The third parties' doubles (ADR 0033): one local HTTP server in Node that speaks Stripe's API
 * (with Connect), Google's OAuth endpoints, Google Calendar's API, the mail provider's `POST /emails`
 * and a Web Push service's (`/dev/push/send/<id>`, ADR 0027), and serves their pages (the test checkout,
 * Connect onboarding and dashboard, `/dev/stripe`, the consent screen, `/dev/google-calendar`, the
 * mailbox, the push inbox `/dev/push` and the subscriptions the app's development tab asks for). The Worker reaches them with its production clients through the base URLs in
 * `workerVars`; `npm run dev` (scripts/dev.ts) and the test stacks (scripts/built-stack.ts) start
 * one, so the production bundle never contains a double. Their state is kept in the local
 * database (tables of their own, created on first use), so a test process can read it too.
 */
export type Doubles = {
  /** Where the server listens (the Worker's clients call it here). */
  url: string;
  /**
   * The local Stripe's controls for tests: the calls the app made, planned refusals, lifecycle moves without their
   * events, and chosen signed events sent to the app (`env`: its database, where its events go, where its pages are).
   */
  stripe: LocalStripeControls;
  /** The local mail provider's switches for tests of a failing provider (down, scripted answers, latency). */
  mail: MailProviderControls;
  /** The settings that point the Worker's production clients at these doubles (.dev.vars, a stack's bindings). */
  workerVars: Record<string, string>;
  /** Where the app runs: the local Stripe posts its signed events to its webhook routes. */
  sendEventsTo(appOrigin: string): void;
  stop(): Promise<void>;
};

export async function startDoubles(options: {
  dbUrl: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Where the app runs, when known now (else `sendEventsTo`). */
  appOrigin?: string;
  /** Where a browser reaches the doubles' pages, when not at `url` (`npm run dev`: the app's origin, through Vite's proxy). */
  pagesOrigin?: string;
}): Promise<Doubles> {
  const db = createDb(options.dbUrl);
  let appOrigin = options.appOrigin;
  const stripe: LocalStripeEnv = {
    db,
    pagesOrigin: options.pagesOrigin ?? "",
    webhook: async (request) => {
      if (!appOrigin) return new Response("The doubles were not told where the app runs", { status: 503 });
      const url = new URL(request.url);
      return fetch(new URL(url.pathname + url.search, appOrigin), {
        method: request.method,
        headers: request.headers,
        body: await request.text(),
      });
    },
  };
  const stripeControls = new LocalStripeControls(stripe);
  const mail = localMailProvider(db);
  // Set once the server listens: the push endpoints it hands out are under its own address.
  let url = "";
  const app = new Hono();
  app.all("/v1/*", async (c) => (await stripeControls.intercept(c.req.raw.clone() as Request)) ?? localStripeFetch(stripe, c.req.raw));
  app.route("/dev/stripe/test", localStripeControlRoutes(stripeControls));
  app.route("/dev/stripe", localStripePages(stripe));
  app.route("/dev/google", localGoogle(db));
  app.route("/dev/google-calendar/v3", localGoogleCalendar(db));
  app.route("/dev/google-calendar", localGoogleCalendarPage(db));
  app.route(
    "/dev/push",
    localPushService(db, () => `${url}/dev/push`),
  );
  app.route("/", mail.app);
  app.get("/", (c) =>
    c.text("Local doubles of Stripe, Google, the mail provider and a Web Push service: /dev/stripe, /dev/mailbox, /dev/push (ADR 0033)."),
  );

  const server = createServer((req, res) => void answer(app, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stripe.pagesOrigin ||= url;
  // Stripe forgets idempotency keys, events and old checkout sessions on its own clock; the stand-in does too (ADR 0038).
  const prune = () => void pruneLocalStripeObjects(db, Date.now()).catch(() => {});
  prune();
  const pruning = setInterval(prune, 60 * 60 * 1000);
  pruning.unref();
  return {
    url,
    stripe: stripeControls,
    mail: mail.controls,
    workerVars: {
      STRIPE_SECRET_KEY: LOCAL_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: LOCAL_CONNECT_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
      STRIPE_API_URL: url,
      MAIL_API_KEY: "re_local_mailbox",
      MAIL_API_URL: `${url}/emails`,
      GOOGLE_CLIENT_ID: LOCAL_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: LOCAL_GOOGLE_CLIENT_SECRET,
      GOOGLE_OAUTH_URL: `${url}/dev/google`,
      GOOGLE_CALENDAR_API_URL: `${url}/dev/google-calendar/v3`,
      PUSH_SERVICE_URL: `${url}/dev/push`,
    },
    sendEventsTo: (origin) => void (appOrigin = origin),
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(pruning);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Node's request as a fetch Request to the Hono app, and its Response back. */
async function answer(app: Hono, req: IncomingMessage, res: ServerResponse) {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
    const response = await app.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error("local doubles:", error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
  }
}
