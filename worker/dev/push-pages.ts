import { Hono } from "hono";
import { cors } from "hono/cors";
import { html, raw } from "hono/html";
import * as v from "valibot";
import type { Db } from "../../db/client";
import type { WebPushPayload } from "../../shared/web-push";
import { localEndpointBase } from "../notifications/web-push/endpoints";
import { createDevSubscription, receivePush } from "./push-service";
import { claimDevMessages, type DevMessage, devMessages, devSubscription, setDevAnswer } from "./push-store";

/**
 * The local push service's doors (ADR 0027), served by the doubles' server (worker/dev/doubles.ts, ADR 0033)
 * under `<base>` = `http://127.0.0.1:<port>/dev/push` (the Worker's PUSH_SERVICE_URL):
 * - `POST <base>/send/:id`: a push message for a subscription, as the Worker POSTs it to any push
 *   service (encrypted, VAPID-signed; worker/notifications/web-push/send.ts); the subscription's
 *   endpoint names it with https (`localEndpointBase`), the Worker's development transport sends it here;
 * - `GET <base>`: every message it received, newest first, decrypted where it holds the keys;
 * - `POST <base>/subscriptions {applicationServerKey, keys?}`: a new subscription (the app calls it
 *   in development where a browser would call `pushManager.subscribe()`);
 * - `POST <base>/subscriptions/:id/receive`: the device's waiting messages, each once (the app's
 *   tab hands them to its service worker);
 * - `POST <base>/subscriptions/:id/answer {status}`: answer every push with 404 or 410 from now on,
 *   as a push service does once the browser dropped the subscription (`null` accepts again);
 * - `DELETE <base>/subscriptions/:id`: the browser unsubscribed (410 from now on);
 * - `GET <base>/messages.json?subscription=<id>`: the same list for scripts and tests, with each
 *   encrypted body as received.
 * The app's pages call the subscription doors from their own origin, so those answer CORS (the
 * Worker's CSP names this origin in development only).
 */
export function localPushService(db: Db, base: () => string): Hono {
  const app = new Hono();
  app.use("/subscriptions", cors({ origin: "*" }));
  app.use("/subscriptions/*", cors({ origin: "*" }));

  app.all("/send/:id", async (c) => {
    if (c.req.method !== "POST") return c.json({ reason: "push messages are POSTed" }, 405);
    return receivePush(db, new URL(localEndpointBase(base())).origin, c.req.param("id"), c.req.raw);
  });

  app.post("/subscriptions", async (c) => {
    const given = await input(c.req.raw, subscribeInput);
    if (typeof given === "string") return c.json({ message: given }, 400);
    return c.json(await createDevSubscription(db, base(), given.applicationServerKey, given.keys), 201);
  });

  app.post("/subscriptions/:id/receive", async (c) => {
    const id = c.req.param("id");
    if (!(await devSubscription(db, id))) return c.json({ message: "No such subscription" }, 404);
    const messages = await claimDevMessages(db, id, Date.now());
    return c.json({
      messages: messages.map((m) => ({ id: m.id, receivedAt: new Date(m.receivedAt).toISOString(), payload: payloadOf(m) })),
    });
  });

  app.post("/subscriptions/:id/answer", async (c) => {
    const given = await input(c.req.raw, answerInput);
    if (typeof given === "string") return c.json({ message: given }, 400);
    if (!(await setDevAnswer(db, c.req.param("id"), given.status))) return c.json({ message: "No such subscription" }, 404);
    return c.json({ answer: given.status });
  });

  app.delete("/subscriptions/:id", async (c) => {
    if (!(await setDevAnswer(db, c.req.param("id"), 410))) return c.json({ message: "No such subscription" }, 404);
    return c.json({ answer: 410 });
  });

  app.get("/messages.json", async (c) => {
    const messages = await devMessages(db, { subscriptionId: c.req.query("subscription") || undefined, limit: 100 });
    return c.json(
      messages.map((m) => ({
        ...m,
        receivedAt: new Date(m.receivedAt).toISOString(),
        deliveredAt: m.deliveredAt ? new Date(m.deliveredAt).toISOString() : null,
        payload: payloadOf(m),
      })),
    );
  });

  app.get("/", async (c) => c.html(inboxPage(await devMessages(db, { limit: 100 }))));
  return app;
}

const base64url = (what: string, length: number) =>
  v.pipe(
    v.string(`${what} is required`),
    v.regex(/^[\w-]+$/, `${what} must be base64url`),
    v.length(length, `${what} must be ${length} characters`),
  );
const subscribeInput = v.object({
  applicationServerKey: base64url("applicationServerKey", 87),
  keys: v.optional(v.object({ p256dh: base64url("keys.p256dh", 87), auth: base64url("keys.auth", 22) })),
});
const answerInput = v.object({ status: v.nullable(v.picklist([404, 410], "status must be 404, 410 or null")) });

async function input<S extends v.GenericSchema>(request: Request, schema: S): Promise<v.InferOutput<S> | string> {
  const body = await request.json().catch(() => undefined);
  const parsed = v.safeParse(schema, body);
  return parsed.success ? parsed.output : parsed.issues[0].message;
}

const payloadOf = (m: DevMessage): WebPushPayload | null => {
  try {
    return m.plaintext ? (JSON.parse(m.plaintext) as WebPushPayload) : null;
  } catch {
    return null;
  }
};

const STYLE = raw(`<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9} main{max-width:48rem;margin:2rem auto;padding:0 1rem}
  article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem}
  h1{font-size:1.25rem} h2{font-size:1rem;margin:0} .meta{color:#475569;font-size:.85rem;margin:.25rem 0 .5rem} p{margin:.25rem 0}
  .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
  code{font-size:.85rem;word-break:break-all}
</style>`);

const when = (ms: number) => `${new Date(ms).toISOString().replace("T", " ").slice(0, 19)} UTC`;

function inboxPage(messages: DevMessage[]) {
  const article = (m: DevMessage) => {
    const payload = payloadOf(m);
    const delivery = m.deliveredAt
      ? `handed to the browser's service worker ${when(m.deliveredAt)}`
      : "waiting for the browser (open MentorLink in a tab)";
    return html`<article aria-label="${payload?.title ?? "Encrypted message"}">
  <h2>${payload ? payload.title : "Encrypted message"}</h2>
  <p class="meta">Received ${when(m.receivedAt)} for subscription <code>${m.subscriptionId.slice(0, 8)}</code> · VAPID ${m.vapidSubject} · TTL ${m.ttl} s${m.urgency ? ` · ${m.urgency}` : ""}${m.topic ? ` · topic ${m.topic}` : ""} · ${delivery}</p>
  ${
    payload
      ? html`<p>${payload.body}</p><p class="meta">Opens <a href="${payload.url}">${payload.url}</a> · tag ${payload.tag}</p>`
      : html`<p class="meta">${m.problem ?? "Encrypted for keys this service does not hold"} (${Math.ceil((m.body.length * 3) / 4)} bytes of aes128gcm)</p>`
  }
</article>`;
  };
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Dev push inbox</title>${STYLE}</head><body><main>
<h1>Development push service <span class="badge">nothing here left this machine</span></h1>
<p>Every Web Push message the Worker sent to a subscription of this local push service, as it arrived: encrypted and VAPID-signed, then decrypted here with the device's keys. A tab of MentorLink signed in with push on hands them to its service worker, which shows them as notifications.</p>
${messages.length === 0 ? html`<p>No push messages yet. Turn push on under Notifications in the account menu, then send yourself a message or run the reminders: <code>curl -X POST localhost:5173/dev/cron/reminders</code>.</p>` : ""}
${messages.map(article)}
</main></body></html>`;
}
