import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { configCheckFor, type Env, isDevelopment } from "./env";
import { isPlacedApi } from "./placement";
import { securityHeaders as headersFor, inlineScriptHashes } from "./security-policy";

/**
 * Sets the security headers (worker/platform/security-policy.ts) on every response: the Worker runs first for
 * every path (wrangler.toml), so pages, the app's files, /api, /trpc, /images and /dev all pass here,
 * built and in `npm run dev` alike (ADR 0021).
 *
 * The CSP names the app page's inline scripts by hash. The page is the one index.html of the build
 * (the Worker-drawn landing and profile add only a JSON data block, which does not run), so its hashes
 * are read from that page once per Worker instance: they can never drift from the build, and every
 * response, a 304 revalidation included, carries the same policy. Nonces would not do: the landing's
 * and the profile's HTML is shared by every visitor. In development Vite serves the page with its
 * own inline React Refresh preamble, which is hashed the same way, and the page is re-read for each
 * document so an edited index.html is allowed at once.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  // The placed API (worker/placed-api.ts): the edge Worker that forwarded the call sets them on its answer.
  if (isPlacedApi(c.env)) return next();
  await next();
  // A WebSocket upgrade (the rooms) is no document, and its response cannot be rebuilt.
  if (c.res.status === 101) return;
  const url = new URL(c.req.url);
  const isDocument = c.res.headers.get("content-type")?.startsWith("text/html") ?? false;
  const hashes = await appPageScriptHashes(c.env, url, isDevelopment(c.env) && isDocument, c.get("requestId") ?? "-");
  // Responses passed through from a fetch (the app's files) have immutable headers.
  if (!isMutable(c.res.headers)) c.res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(headersFor(url, hashes, developmentConnectOrigins(c.env)))) {
    if (name === "referrer-policy" && c.res.headers.has(name)) continue; // the Google routes' no-referrer stays
    c.res.headers.set(name, value);
  }
  if (isPrivateApiAnswer(c.req.raw, url) && !c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "private, no-store");
};

/**
 * In development, the local push service beside the Worker (PUSH_SERVICE_URL, ADR 0033): the app's tab subscribes
 * and fetches its messages there, as a browser does from its push service. Production has none (the setting is refused).
 */
function developmentConnectOrigins(env: Env): string[] {
  const check = configCheckFor(env);
  if (!check.ok || !isDevelopment(check.config) || !check.config.PUSH_SERVICE_URL) return [];
  return [new URL(check.config.PUSH_SERVICE_URL).origin];
}

/**
 * A /trpc or /api answer that a browser must never keep (ADR 0021): one asked with a bearer token (a
 * signed-in person's data, which must not outlive her logout in the disk cache) or one that changes or
 * hands out something (a POST: a sign-in's tokens). What is left are anonymous reads, the public
 * catalogue among them, which keep their own caching (ADR 0016). A route that sets its own
 * Cache-Control (the calendar feed) keeps it.
 */
function isPrivateApiAnswer(request: Request, url: URL): boolean {
  if (!/^\/(trpc|api)(\/|$)/.test(url.pathname)) return false;
  if (request.headers.has("authorization")) return true;
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * The hashes last read, kept as values, never as a promise: a request must not wait on another
 * request's read. workerd ties a fetch to the request that started it, so when that request ends
 * early (the browser went on to the next page) its read never settles, and every request waiting
 * on it was cancelled as hung, answered with a bare 500 (the app's files among them).
 */
let known: string[] | undefined;

/** The hash sources of the app page's inline scripts; each request that needs a read does its own. An empty list (and a retry next time) if the page cannot be read now. */
async function appPageScriptHashes(env: Env, url: URL, reread: boolean, requestId: string): Promise<string[]> {
  if (known && !reread) return known;
  try {
    known = await readHashes(env, url);
    return known;
  } catch (error) {
    console.error(`[${requestId}] The app page's inline scripts could not be read for the CSP`, error);
    return known ?? [];
  }
}

async function readHashes(env: Env, url: URL): Promise<string[]> {
  const page = await env.ASSETS.fetch(new Request(new URL("/", url)));
  if (!page.ok) throw new Error(`The app page answered ${page.status}`);
  return inlineScriptHashes(await page.text());
}

/** Whether these headers can be changed: probed by setting one the middleware sets anyway. */
function isMutable(headers: Headers): boolean {
  try {
    headers.set("x-content-type-options", "nosniff");
    return true;
  } catch {
    return false;
  }
}
