import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mentorSkills, mentors, reviews } from "../../db/schema";
import { createMentee, createMentor, signIn, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";

type LegacyMentor = {
  _id: string;
  firstName: string;
  hourlyRate: number;
  expertise: string[];
  rating: number | null;
  reviewCount: number;
  jobTitle: string;
};

/** A word no seeded mentor uses, so each test sees only the mentors it made. */
const tag = `zq${crypto.randomUUID().slice(0, 6)}`;
const search = async (query: Record<string, string>) => {
  const { status, body } = await rest("GET", `/api/mentees/mentors?${new URLSearchParams(query)}`);
  expect(status).toBe(200);
  return body.mentorsSearchResult as LegacyMentor[];
};
const ids = (list: LegacyMentor[]) => list.map((m) => m._id);

async function withRating(mentorId: string, ratings: number[]) {
  for (const rating of ratings) {
    const mentee = await createMentee();
    await testDb().insert(reviews).values({ menteeId: mentee.id, mentorId, rating });
  }
  await testDb()
    .update(mentors)
    .set({
      ratingSum: sql`(select sum(rating) from reviews where mentor_id = ${mentorId})`,
      ratingCount: sql`(select count(*) from reviews where mentor_id = ${mentorId})`,
    })
    .where(eq(mentors.id, mentorId));
}

const rupee = (n: number) => n * 100;

describe("mentor search", () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const specs: [string, number, string, string][] = [
      ["r999", rupee(999), `Cheap ${tag}`, "Vue"],
      ["r1000", rupee(1000), `Lower ${tag}`, "Rust"],
      ["r2000", rupee(2000), `Overlap ${tag}`, "Elixir"],
      ["r2500", rupee(2500), `Upper ${tag}`, "Haskell"],
      ["r5000", rupee(5000), `Edge ${tag}`, "Scala"],
      ["r5001", rupee(5001), `Premium ${tag}`, "Kotlin"],
    ];
    for (const [key, paise, bio, skill] of specs) {
      const mentor = await createMentor({ hourlyRatePaise: paise, bio, firstName: key });
      await testDb().insert(mentorSkills).values({ mentorId: mentor.id, name: skill, skillKey: skill.toLowerCase() });
      made[key] = mentor.id;
    }
    await withRating(made.r999, [5, 4]); // 4.5
    await withRating(made.r2000, [3]); // 3
    await withRating(made.r5001, [5, 5]); // 5
  });

  it("answers with the legacy mentor fields, rate in rupees, real rating and review count", async () => {
    const [first] = await search({ search: `Premium ${tag}` });
    expect(first).toMatchObject({
      _id: made.r5001,
      hourlyRate: 5001,
      expertise: ["Kotlin"],
      rating: 5,
      reviewCount: 2,
      jobTitle: "Software Engineer",
    });
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        "_id",
        "firstName",
        "lastName",
        "jobTitle",
        "firmName",
        "shortBio",
        "expertise",
        "hourlyRate",
        "profileImageUrl",
      ]),
    );
  });

  it.each([
    ["a", ["r999", "r1000", "r2000", "r2500", "r5000", "r5001"]],
    ["b", ["r999"]],
    ["c", ["r1000", "r2000", "r2500"]],
    ["d", ["r2000", "r2500", "r5000"]],
    ["e", ["r5001"]],
  ])("price bucket %s holds exactly its range (inclusive, overlapping as SPEC §9 gives)", async (price, expected) => {
    const found = await search({ search: tag, price, rating: "9" });
    expect(new Set(ids(found))).toEqual(new Set(expected.map((k) => made[k])));
  });

  it("a minimum rating keeps mentors whose average reaches it, and drops unrated ones", async () => {
    expect(new Set(ids(await search({ search: tag, rating: "4" })))).toEqual(new Set([made.r999, made.r5001]));
    expect(new Set(ids(await search({ search: tag, rating: "3" })))).toEqual(new Set([made.r999, made.r2000, made.r5001]));
    expect(ids(await search({ search: tag, rating: "5" }))).toEqual([made.r5001]);
    expect(ids(await search({ search: tag, price: "b", rating: "5" }))).toEqual([]);
  });

  it("orders equal matches best rated first", async () => {
    const found = ids(await search({ search: tag }));
    expect(found.slice(0, 3)).toEqual([made.r5001, made.r999, made.r2000]);
  });

  it("matches names, skills and word prefixes, case- and accent-insensitively, ranking a name above a bio mention", async () => {
    expect(ids(await search({ search: "ELIXIR" }))).toContain(made.r2000);
    expect(ids(await search({ search: `hask ${tag}` }))).toEqual([made.r2500]);
    const nameHit = await createMentor({ firstName: `Zoë${tag}`, bio: "Generic." });
    const bioHit = await createMentor({ firstName: "Other", bio: `Ask me about zoe${tag} and more.` });
    const ranked = ids(await search({ search: `zoe${tag}` }));
    expect(ranked).toEqual([nameHit.id, bioHit.id]);
  });

  it("never shows pending or blocked mentors", async () => {
    const pending = await createMentor({ status: "pending", bio: `hidden ${tag}` });
    const blocked = await createMentor({ isBlocked: true, bio: `hidden ${tag}` });
    const found = ids(await search({ search: `hidden ${tag}` }));
    expect(found).not.toContain(pending.id);
    expect(found).not.toContain(blocked.id);
  });

  it("keeps the index in step with profile and skill changes", async () => {
    const mentor = await createMentor({ bio: "Nothing yet." });
    const { accessToken } = await signIn("mentor", mentor.email);
    await trpc(accessToken).mentors.addSkills.mutate({ newSkills: `Quantum${tag}` });
    expect(ids(await search({ search: `quantum${tag}` }))).toEqual([mentor.id]);
    await trpc(accessToken).mentors.removeSkill.mutate({ skill: `quantum${tag}` });
    expect(ids(await search({ search: `quantum${tag}` }))).toEqual([]);
    await trpc(accessToken).mentors.updateProfile.mutate({ jobTitle: `Astronaut ${tag}` });
    expect(ids(await search({ search: `astronaut ${tag}` }))).toEqual([mentor.id]);
  });

  it("empty text lists everyone visible, best rated first; punctuation alone counts as empty", async () => {
    const all = await search({});
    expect(all.length).toBeGreaterThanOrEqual(12);
    const ratings = all.map((m) => m.rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect((await search({ search: "***" })).length).toBe(all.length);
  });

  it.each([
    [{ price: "z" }, "price must be one of a, b, c, d, e"],
    [{ rating: "0" }, "rating must be 1 to 5, or 9 for any rating"],
    [{ search: "x".repeat(101) }, "Search text must be at most 100 characters"],
  ])("rejects %o with 400 and a message", async (query, message) => {
    expect(await rest("GET", `/api/mentees/mentors?${new URLSearchParams(query)}`)).toEqual({ status: 400, body: errorBody(message) });
  });

  it("treats FTS syntax in the text as plain words, never as an error", async () => {
    for (const text of ['"', "NEAR(a b)", "a OR", "*", "col:value", "(-)"]) {
      expect((await rest("GET", `/api/mentees/mentors?${new URLSearchParams({ search: text })}`)).status).toBe(200);
    }
    expect((await trpcOutcome(trpc().mentors.search.query({ search: 'AND "unbalanced' }))).status).toBe(200);
  });
});
