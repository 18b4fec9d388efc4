import { describe, expect, inject, it } from "vitest";

/**
 * More database calls in flight in one isolate than the libSQL client's default queue allows (20).
 * With that queue, a waiting query started its fetch from the request that freed a slot; when that
 * request ended, workerd cancelled the waiting one as hung (500). See db/client.ts.
 */
describe("many requests at once", () => {
  it("answers 60 simultaneous searches, every one with 200 and a result list", async () => {
    const base = inject("baseUrl");
    const queries = ["react", "python", "design", "go", "sql", "product"];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => fetch(`${base}/api/mentees/mentors?search=${queries[i % queries.length]}&price=a&rating=9`)),
    );
    const statuses = responses.map((r) => r.status);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ mentorsSearchResult?: unknown[] }>));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(bodies.every((b) => Array.isArray(b.mentorsSearchResult))).toBe(true);
  });
});
