import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors } from "../../db/schema";
import { cachedMentorSearch } from "../../worker/services/search-cache";
import { createMentor, testDb } from "../support/accounts";

/**
 * The per-isolate search cache (ADR 0007), run in Node against the test database: the running
 * Worker has it off (SEARCH_CACHE_SECONDS=0) so that other tests read their own writes.
 */
const query = (search: string) => ({ search, price: "a" as const, rating: "9", limit: 24 });
const names = (cards: { firstName: string }[]) => cards.map((c) => c.firstName);

describe("cached mentor search", () => {
  it("reuses an answer within the TTL, for any case and spacing of the same words, then reads fresh", async () => {
    const tag = `zc${crypto.randomUUID().slice(0, 6)}`;
    const mentor = await createMentor({ firstName: "Before", jobTitle: `Engineer ${tag}` });
    const db = testDb();

    expect(names(await cachedMentorSearch(db, query(tag), 1))).toEqual(["Before"]);
    await db.update(mentors).set({ firstName: "After" }).where(eq(mentors.id, mentor.id));

    // Within the TTL: the stored answer, also for the same words typed differently.
    expect(names(await cachedMentorSearch(db, query(tag), 1))).toEqual(["Before"]);
    expect(names(await cachedMentorSearch(db, query(` ${tag.toUpperCase()} `), 1))).toEqual(["Before"]);
    // Other filters are another entry, read fresh.
    expect(names(await cachedMentorSearch(db, { ...query(tag), price: "c" }, 1))).toEqual(["After"]);

    await new Promise((r) => setTimeout(r, 1100));
    expect(names(await cachedMentorSearch(db, query(tag), 1))).toEqual(["After"]);
  });

  it("reads the database on every call when the TTL is 0", async () => {
    const tag = `zc${crypto.randomUUID().slice(0, 6)}`;
    const mentor = await createMentor({ firstName: "First", jobTitle: `Engineer ${tag}` });
    const db = testDb();
    expect(names(await cachedMentorSearch(db, query(tag), 0))).toEqual(["First"]);
    await db.update(mentors).set({ firstName: "Second" }).where(eq(mentors.id, mentor.id));
    expect(names(await cachedMentorSearch(db, query(tag), 0))).toEqual(["Second"]);
  });
});
