import { APP_SHELL_PATH, OFFLINE_PAGE_PATH, PAGES_CACHE, SERVICE_WORKER_PATH } from "../../shared/app-install";
import { shellOf } from "../platform/page-shells";

/**
 * What the service worker does with a request (ADR 0027), as pure functions of the request, so a unit test
 * holds the rules (tests/unit/service-worker-policy.test.ts):
 * - "public-page": a navigation to a public page (the landing, browse, a mentor's profile): the network
 *   first, a copy kept for offline; no network and no copy gives the offline fallback of the path.
 * - "page": any other navigation (sign-in, the signed-in areas): the network only, never kept; no network
 *   gives the offline page.
 * - "pass": the worker stays out of it and the browser fetches as it would without one. The API, tRPC, the
 *   realtime rooms, pictures, the development pages, anything sent with an Authorization header, another
 *   origin, and every request that is not a GET. (The app's own files the build precached are answered
 *   from the precache before these rules are asked.)
 */
export type Handling = "public-page" | "page" | "pass";

/** The fields of a Request the rules read. */
export type RequestFacts = { url: string; method: string; mode: string; headers: { has(name: string): boolean } };

/** Paths whose answers are data, a person's own, or not pages: never answered or kept by the worker. */
const NEVER_CACHED = [
  /^\/api\//,
  /^\/trpc(\/|$)/,
  /^\/parties\//,
  /^\/dev(\/|$)/,
  /^\/images\//,
  /^\/socket\.io(\/|$)/,
  /^\/healthz$/,
  new RegExp(`^${SERVICE_WORKER_PATH.replace(".", "\\.")}$`),
];

export function handlingOf(request: RequestFacts, origin: string): Handling {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin || request.headers.has("authorization")) return "pass";
  if (NEVER_CACHED.some((path) => path.test(url.pathname))) return "pass";
  if (request.mode !== "navigate") return "pass";
  return shellOf(url.pathname) === "none" ? "page" : "public-page";
}

/**
 * The precached page a navigation gets when there is no network and no copy of its own: the landing and
 * browse start from the app page, whose pre-rendered shell is theirs (the app then offers to retry what
 * it could not load); a profile never opened, or any page that needs the network, gets the offline page.
 */
export function offlineFallbackOf(pathname: string): string {
  const shell = shellOf(pathname);
  return shell === "landing" || shell === "browse" ? APP_SHELL_PATH : OFFLINE_PAGE_PATH;
}

/** The cache of public pages kept for offline (a copy per address, the newest visits kept). */
export { PAGES_CACHE };
export const PAGES_KEPT = 50;

/** How long a public page may take on a slow network before its kept copy is shown instead. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 4;
