import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import type { PriceCode } from "../validation/search";
import { searchMentors, type MentorCard } from "./mentor-directory";

type Query = { search: string; price: PriceCode; rating: string; limit: number };

/** Distinct searches kept per isolate; each holds at most 50 cards. */
const MAX_ENTRIES = 500;

// ttlResolution 0: read the clock on each check; the default sets a timer per read, and a timer
// must not outlive the request that set it in a Worker. Each entry carries the TTL it was stored with.
const cache = new LRUCache<string, MentorCard[]>({ max: MAX_ENTRIES, ttlResolution: 0 });

/** Case and spacing do not change what FTS matches, so they share one entry. */
const keyOf = (q: Query) => JSON.stringify([q.search.trim().toLowerCase().replace(/\s+/g, " "), q.price, q.rating, q.limit]);

/**
 * Public mentor search with a short per-isolate cache (ADR 0007): the answer to the same search is
 * reused for `ttlSeconds`, so a busy location serves repeated searches without a database round
 * trip. 0 turns the cache off (development and tests, where a write must show at once).
 */
export async function cachedMentorSearch(db: Db, query: Query, ttlSeconds: number): Promise<MentorCard[]> {
  if (ttlSeconds <= 0) return searchMentors(db, query);
  const key = keyOf(query);
  const hit = cache.get(key);
  if (hit) return hit;
  const cards = await searchMentors(db, query);
  cache.set(key, cards, { ttl: ttlSeconds * 1000 });
  return cards;
}
