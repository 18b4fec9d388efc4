import { createTRPCClient, httpLink } from "@trpc/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { enrollments, mentors } from "../../db/schema";
import { type Stack, startStack } from "../../scripts/built-stack";
import { openSession } from "../../worker/accounts/sessions";
import { signAccessToken } from "../../worker/accounts/tokens";
import type { AppRouter } from "../../worker/trpc/router";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { createModerator } from "../support/moderation";

/**
 * The location cache of public searches and profiles (ADR 0016) on a second Worker, as deployed:
 * cache on (1 s fresh, 3 s stale), on the test database. The suite's own Worker has it off.
 */
let cached: Stack;
beforeAll(async () => {
  cached = await startStack({ vars: { SEARCH_CACHE_SECONDS: "1" }, dbUrl: inject("dbUrl") });
}, 60_000);
afterAll(() => cached?.stop());

const api = (token?: string) =>
  createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${cached.baseUrl}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });

async function tokenFor(role: "mentee" | "mentor" | "moderator", id: string) {
  const { sessionId } = await openSession(testDb(), { role, userId: id });
  return signAccessToken(cached.jwtSecret, { sub: id, role, sid: sessionId });
}

const search = async (text: string) =>
  (await api().mentors.search.query({ search: text, price: "a", rating: "9" })).map((m) => m.firstName);
const profileName = async (id: string) => (await api().mentors.profile.query({ mentorId: id })).mentor.firstName;

describe("the public catalogue cached per location", () => {
  it("answers a repeated search and profile from the cache, for any case and spacing, until the TTL", async () => {
    const tag = `zc${crypto.randomUUID().slice(0, 6)}`;
    const mentor = await createMentor({ firstName: "Before", jobTitle: `Engineer ${tag}` });
    expect(await search(tag)).toEqual(["Before"]);
    expect(await profileName(mentor.id)).toBe("Before");
    // A change the product did not make (straight to the database): the cache does not know of it.
    await testDb().update(mentors).set({ firstName: "After" }).where(eq(mentors.id, mentor.id));
    expect(await search(tag)).toEqual(["Before"]);
    expect(await search(`  ${tag.toUpperCase()} `)).toEqual(["Before"]);
    expect(await profileName(mentor.id)).toBe("Before");
    // Another filter is another entry.
    expect((await api().mentors.search.query({ search: tag, price: "c", rating: "9" })).map((m) => m.firstName)).toEqual(["After"]);
    // Past fresh: the stale answer once more while it refreshes, then the new one.
    await new Promise((r) => setTimeout(r, 1200));
    await search(tag);
    await expect.poll(() => search(tag), { timeout: 5000 }).toEqual(["After"]);
  });

  it("shows a mentor's own edit at once, to him and in search, and a block at once", async () => {
    const tag = `ze${crypto.randomUUID().slice(0, 6)}`;
    const mentor = await createMentor({ firstName: "Old", jobTitle: `Engineer ${tag}` });
    expect(await search(tag)).toEqual(["Old"]);
    expect(await profileName(mentor.id)).toBe("Old");

    await api(await tokenFor("mentor", mentor.id)).mentors.updateProfile.mutate({ firstName: "New" });
    expect(await profileName(mentor.id)).toBe("New");
    expect(await search(tag)).toEqual(["New"]);

    const moderator = await createModerator();
    await api(await tokenFor("moderator", moderator.id)).moderation.setBlocked.mutate({
      role: "mentor",
      id: mentor.id,
      blocked: true,
      reason: "Spam in the profile",
    });
    expect(await search(tag)).toEqual([]);
    await expect(profileName(mentor.id)).rejects.toThrow(/not available/);
  });

  it("shows a new review's rating at once", async () => {
    const tag = `zr${crypto.randomUUID().slice(0, 6)}`;
    const mentor = await createMentor({ firstName: "Rated", jobTitle: `Engineer ${tag}` });
    const mentee = await createMentee();
    const ratingOf = async () => (await api().mentors.search.query({ search: tag, price: "a", rating: "9" }))[0].rating;
    expect(await ratingOf()).toBeNull();
    // A review needs a subscription (past or present): arranged directly.
    await testDb()
      .insert(enrollments)
      .values({
        menteeId: mentee.id,
        mentorId: mentor.id,
        status: "active",
        amountPaise: 100_000,
        currentPeriodStart: new Date(Date.now() - 86_400_000),
        currentPeriodEnd: new Date(Date.now() + 86_400_000 * 20),
        activatedAt: new Date(),
      });
    await api(await tokenFor("mentee", mentee.id)).reviews.save.mutate({
      mentorId: mentor.id,
      rating: 5,
      text: "Clear and kind, every single time.",
    });
    expect(await ratingOf()).toBe(5);
  });
});
