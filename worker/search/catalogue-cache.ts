import type { Db } from "../../db/client";
import type { WaitUntil } from "../platform/deps";
import { catalogPolicy, type EdgeStore, edgeCached, edgeStore } from "../platform/edge-cache";
import { type MentorProfile, publicMentorProfile } from "../profiles/mentor-profiles";
import { type MentorCard, type SearchQuery, searchMentors } from "./mentor-directory";

type Query = SearchQuery;

/** Case and spacing do not change what FTS matches, so they share one entry. */
export const searchKey = (q: Query) =>
  `search?${new URLSearchParams({ q: q.search.trim().toLowerCase().replace(/\s+/g, " "), price: q.price, rating: q.rating, range: q.range ?? "", sort: q.sort ?? "relevance", limit: String(q.limit) })}`;

/**
 * Public mentor search through the location's cache (ADR 0016): the same search within
 * `freshSeconds` is answered without a database round trip. 0 turns it off (development and tests).
 */
export async function cachedMentorSearch(
  db: Db,
  query: Query,
  freshSeconds: number,
  waitUntil: WaitUntil,
  now: Date,
  store: EdgeStore | null = edgeStore(),
): Promise<MentorCard[]> {
  // "Next free" is read with the cards: a kept answer may name a time taken in its last seconds (the profile's schedule is exact).
  return (await edgeCached(searchKey(query), catalogPolicy(freshSeconds), () => searchMentors(db, query, now), waitUntil, store)).value;
}

/** A mentor's public profile through the location's cache; an unavailable mentor is never cached (always read fresh). */
export async function cachedMentorProfile(
  db: Db,
  mentorId: string,
  freshSeconds: number,
  waitUntil: WaitUntil,
  now: Date,
  store: EdgeStore | null = edgeStore(),
): Promise<MentorProfile> {
  return (
    await edgeCached(
      `mentor/${encodeURIComponent(mentorId)}`,
      catalogPolicy(freshSeconds),
      () => publicMentorProfile(db, mentorId, now),
      waitUntil,
      store,
    )
  ).value;
}
