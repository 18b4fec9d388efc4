import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../worker/platform/app-env";
import { securityHeaders } from "../../worker/platform/security-headers";

/**
 * The CSP names the app page's inline scripts, read from the page by the request that needs them.
 * A request must never wait on another request's read: workerd ties a fetch to the request that
 * started it, and when that request is dropped (the browser moved on) the read never settles. CI
 * showed it: the app's files waited on a dropped page's read and were answered as hung (bare 500s).
 */
const APP_PAGE = `<!doctype html><html><head><script>window.boot=1</script></head><body></body></html>`;

function appWith(assets: { fetch: (request: Request) => Promise<Response> }) {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders);
  app.all("*", (c) => c.env.ASSETS.fetch(c.req.raw));
  const env = { ENVIRONMENT: "development", ASSETS: assets } as unknown as AppEnv["Bindings"];
  return (path: string) => app.request(path, {}, env);
}

describe("the security headers' read of the app page", () => {
  it("a file asked for while another request's read of the page never ends is still answered, with the page's hashes", async () => {
    let reads = 0;
    const request = appWith({
      fetch: async (req) => {
        const path = new URL(req.url).pathname;
        if (path.startsWith("/assets/")) return new Response("export{}", { headers: { "content-type": "text/javascript" } });
        reads++;
        // The first document's own read of the page (its second fetch of "/") never settles: its request was dropped.
        if (reads === 2) return new Promise<Response>(() => undefined);
        return new Response(APP_PAGE, { headers: { "content-type": "text/html" } });
      },
    });
    void request("/mentees/booked-slots");
    await new Promise((r) => setTimeout(r, 10));
    const file = await Promise.race([request("/assets/app.js"), new Promise<null>((r) => setTimeout(() => r(null), 2_000))]);
    expect(file?.status).toBe(200);
    expect(file?.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
  });
});
