import type { WaitUntil } from "./deps";

/**
 * The public catalogue (mentor searches and public mentor profiles) cached per Cloudflare location
 * with the Workers Cache API (ADR 0016; Miniflare provides it locally). Each answer is fresh for
 * `fresh` seconds, then served stale for up to `stale` more seconds while one request refreshes it
 * in the background. Every key carries the location's catalogue generation: a change to a mentor
 * (profile, skills, picture, rate, review, approval, block) starts a new generation, so every
 * cached answer of that location is skipped at once, whatever its TTL.
 */
export type EdgeStore = Pick<Cache, "match" | "put" | "delete">;
export type CachePolicy = { fresh: number; stale: number };
export type EdgeOutcome = "hit" | "stale" | "miss" | "off";

/** Keys are URLs on a host nobody resolves: the cache is ours alone and never reaches an origin. */
const ORIGIN = "https://edge-cache.mentorlink.internal/";
const GENERATION_URL = `${ORIGIN}catalogue-generation`;
const GENERATION_SECONDS = 7 * 24 * 60 * 60;

type Stored<T> = { value: T; storedAt: number };

/** The location's cache, or null where there is none (Node unit tests). */
export function edgeStore(): EdgeStore | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/** Stale-while-revalidate stays within the fresh time again: 3 times the fresh time, at most a minute. */
export const catalogPolicy = (freshSeconds: number): CachePolicy => ({ fresh: freshSeconds, stale: Math.min(60, freshSeconds * 3) });

async function generation(store: EdgeStore, now: number, waitUntil: WaitUntil): Promise<string> {
  const found = await store.match(GENERATION_URL);
  if (found) return found.text();
  const first = String(now);
  waitUntil(putGeneration(store, first));
  return first;
}

const putGeneration = (store: EdgeStore, value: string) =>
  store.put(
    GENERATION_URL,
    new Response(value, { headers: { "cache-control": `public, max-age=${GENERATION_SECONDS}`, "content-type": "text/plain" } }),
  );

/**
 * A mentor changed: every cached catalogue answer of this location is skipped from now on. A cache that cannot
 * take it is logged, never answered: the change itself is made, and the cached answers expire on their own.
 */
export async function newCatalogueGeneration(store: EdgeStore | null = edgeStore()): Promise<void> {
  if (!store) return;
  await putGeneration(store, crypto.randomUUID()).catch((error: unknown) => console.warn("catalogue generation not advanced", error));
}

function put<T>(store: EdgeStore, url: string, value: T, policy: CachePolicy, now: number) {
  const body: Stored<T> = { value, storedAt: now };
  return store.put(
    url,
    new Response(JSON.stringify(body), {
      headers: { "cache-control": `public, max-age=${policy.fresh + policy.stale}`, "content-type": "application/json" },
    }),
  );
}

/**
 * `load()` through the location's cache under `key` (already normalised by the caller). Off when
 * there is no cache or `policy.fresh` is 0 (development and most tests, which read their own writes).
 * A cache failure never fails the request: the answer is then read fresh.
 */
export async function edgeCached<T>(
  key: string,
  policy: CachePolicy,
  load: () => Promise<T>,
  waitUntil: WaitUntil,
  store: EdgeStore | null = edgeStore(),
  now = Date.now(),
): Promise<{ value: T; outcome: EdgeOutcome }> {
  if (!store || policy.fresh <= 0) return { value: await load(), outcome: "off" };
  let url: string;
  let stored: Stored<T> | null;
  try {
    url = `${ORIGIN}${await generation(store, now, waitUntil)}/${key}`;
    const found = await store.match(url);
    stored = found ? ((await found.json()) as Stored<T>) : null;
  } catch (error) {
    console.warn("edge cache unavailable; reading fresh", error);
    return { value: await load(), outcome: "off" };
  }
  const age = stored ? now - stored.storedAt : Infinity;
  if (stored && age < policy.fresh * 1000) return { value: stored.value, outcome: "hit" };
  if (stored && age < (policy.fresh + policy.stale) * 1000) {
    waitUntil(
      load()
        .then((value) => put(store, url, value, policy, Date.now()))
        .catch((error) => console.warn("edge cache refresh failed", error)),
    );
    return { value: stored.value, outcome: "stale" };
  }
  const value = await load();
  waitUntil(put(store, url, value, policy, now).catch((error) => console.warn("edge cache write failed", error)));
  return { value, outcome: "miss" };
}
