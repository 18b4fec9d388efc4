import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { newCatalogueGeneration } from "./edge-cache";
import { RETRY_AFTER_SECONDS } from "./errors";

/**
 * Placement (ADR 0017). The edge Worker runs where the person is: the pages, their files and the cached
 * public catalogue. A signed-in call makes one to three database round trips, each crossing the distance to the
 * primary when made from the edge; the placed API (wrangler.api.toml, the same routes) runs next to the primary, so
 * such a call crosses it once, edge to API. Only calls with a bearer token go there: a public search must stay in
 * the edge's per-location cache (ADR 0016).
 */

/** The placed API's answer says the call changed the public catalogue (the edge then starts a new generation too). */
export const CATALOGUE_CHANGED_HEADER = "x-mentorlink-catalogue-changed";

const API_PATH = /^\/(trpc|api)(\/|$)/;

export const API_UNREACHABLE = "We could not reach our service just now. Please try again in a few seconds.";

/** This Worker is the placed API: it has no files to serve (the edge Worker does, and sets the security headers on its answers). */
export const isPlacedApi = (env: AppEnv["Bindings"]): boolean => !(env as Partial<AppEnv["Bindings"]>).ASSETS;

/** A signed-in call of the API: a bearer token on /trpc or /api (WebSockets, webhooks, pages and files stay at the edge). */
export function goesToPlacedApi(request: Request): boolean {
  return /^Bearer\s+\S/i.test(request.headers.get("authorization") ?? "") && API_PATH.test(new URL(request.url).pathname);
}

/**
 * At the edge: a signed-in call is answered by the placed API when the Worker has it bound (the placed API has not,
 * so there this passes through). A catalogue change made there is made here too before the answer goes back, so
 * the mentor who changed his profile sees it in this location's cached searches at once.
 */
export const forwardToPlacedApi: MiddlewareHandler<AppEnv> = async (c, next) => {
  const api = c.env.API;
  if (!api || !goesToPlacedApi(c.req.raw)) return next();
  const started = performance.now();
  let answer: Response;
  try {
    answer = await api.fetch(c.req.raw);
  } catch (error) {
    // The placed API could not be reached (not an answer of its own, which passes through as it is). A read is
    // answered here instead, with the same code, from farther away; a write is not repeated blind, since it may
    // have been made before the connection broke: the client is told to try again, as for a busy database.
    console.error(`[${c.get("requestId") ?? "-"}] the placed API could not be reached`, error);
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return c.json({ message: API_UNREACHABLE, error: API_UNREACHABLE }, 503, { "retry-after": String(RETRY_AFTER_SECONDS) });
  }
  const response = new Response(answer.body, answer);
  // How long the placed API took, trip from the edge included: in the browser's DevTools and in real-user timing,
  // so production shows what placement saves (with the cf-placement header Cloudflare adds to a placed answer).
  response.headers.append("server-timing", `api;desc="placed API";dur=${Math.round(performance.now() - started)}`);
  if (response.headers.has(CATALOGUE_CHANGED_HEADER)) {
    response.headers.delete(CATALOGUE_CHANGED_HEADER);
    await newCatalogueGeneration();
  }
  return response;
};

/** In the placed API: a call that changed the catalogue says so in its answer, for the edge that forwarded it. */
export const sayCatalogueChanged: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.get("catalogueChanged") && isPlacedApi(c.env)) c.res.headers.set(CATALOGUE_CHANGED_HEADER, "1");
};
