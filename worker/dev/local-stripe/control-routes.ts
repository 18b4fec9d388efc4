import { Hono } from "hono";
import type { LocalStripeControls } from "./controls";
import { getObject } from "./store";

/**
 * The local Stripe's controls over HTTP, for a test that shares a stack whose doubles run in another process (the
 * shared test stack, `inject("doublesUrl")`): the calls the app made, newest last, filtered by method and path
 * prefix; and a chosen event about an object the local Stripe keeps, signed and sent to the app's webhook, with the
 * app's answer. A stack's own doubles are scripted in process (`stack.doubles.stripe`, ./controls.ts).
 */
export function localStripeControlRoutes(controls: LocalStripeControls) {
  const app = new Hono();
  app.get("/requests", (c) => {
    const method = c.req.query("method");
    const path = c.req.query("path") ?? "/";
    return c.json(controls.requests.filter((r) => (!method || r.method === method) && r.path.startsWith(path)));
  });
  app.post("/events", async (c) => {
    const input = (await c.req.json().catch(() => null)) as { type?: unknown; id?: unknown; account?: unknown } | null;
    if (typeof input?.type !== "string" || typeof input.id !== "string")
      return c.json({ message: "Send { type, id } (and account for a Connect event)." }, 400);
    const object = await getObject(controls.env.db, input.id);
    if (!object) return c.json({ message: `The local Stripe has no object ${input.id}.` }, 404);
    const account = typeof input.account === "string" ? input.account : undefined;
    const answer = await controls.send(controls.event(input.type, object, account));
    return c.json(answer);
  });
  return app;
}
