import { eq, sql } from "drizzle-orm";
import type { Page, Response } from "playwright-core";
import { enrollments, mentorSkills, mentors, reviews } from "../../db/schema";
import type { MentorSearch } from "../../shared/validation/search";
import { createMentee, createMentor, sessionFor, signIn, testDb } from "./accounts";
import { trpc } from "./api";
import { type Role, seedSession } from "./browser";

/**
 * Helpers of the find-a-mentor e2e journeys (browse, filters, mentor profile, reviews, profile
 * editors): arranging mentors with skills and reviews straight in the test database, signing in
 * through the API into a page's local storage, and reading the browse page's cards.
 */

const DAY = 24 * 60 * 60 * 1000;

/** A word no other mentor holds (letters and digits only, so the search index keeps it whole). */
export const uniqueWord = (prefix = "zq") => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;

/** A valid 1x1 PNG image (70 bytes). */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

type MentorOverrides = Parameters<typeof createMentor>[0];

/** An approved mentor with skills in the given order (the order cards and profiles show them in). */
export async function createMentorWithSkills(overrides: MentorOverrides = {}, skills: string[] = []) {
  const mentor = await createMentor(overrides);
  if (skills.length) {
    const base = Date.now();
    await testDb()
      .insert(mentorSkills)
      .values(skills.map((name, i) => ({ mentorId: mentor.id, name, skillKey: name.toLowerCase(), createdAt: new Date(base + i) })));
  }
  return { ...mentor, skills };
}

/** A mentee's enrollment with a mentor: `expired` lets her review, `active` makes her a subscriber. */
export async function enroll(menteeId: string, mentorId: string, status: "active" | "expired" | "canceled" | "pending" = "expired") {
  const start = Date.now() - (status === "active" ? 1 : 60) * DAY;
  await testDb()
    .insert(enrollments)
    .values({
      menteeId,
      mentorId,
      status,
      amountPaise: 150_000,
      currentPeriodStart: new Date(start),
      currentPeriodEnd: new Date(start + 30 * DAY),
      activatedAt: status === "pending" ? null : new Date(start),
      createdAt: new Date(start),
    });
}

export type SeededReview = { rating: number; text: string; daysAgo: number; firstName: string; lastName: string; author: string };

/**
 * Reviews of a mentor, each by a new mentee with a past (expired) enrollment, written `daysAgo`
 * days back; the mentor's denormalised rating is recomputed as the product does.
 */
export async function addReviews(mentorId: string, items: { rating: number; text: string; daysAgo: number }[]): Promise<SeededReview[]> {
  const db = testDb();
  const seeded: SeededReview[] = [];
  for (const [i, item] of items.entries()) {
    const mentee = await createMentee({ firstName: `Reviewer${i + 1}`, lastName: `Lastname${String.fromCharCode(65 + i)}` });
    await enroll(mentee.id, mentorId, "expired");
    await db.insert(reviews).values({
      menteeId: mentee.id,
      mentorId,
      rating: item.rating,
      text: item.text,
      createdAt: new Date(Date.now() - item.daysAgo * DAY),
    });
    seeded.push({
      ...item,
      firstName: mentee.firstName,
      lastName: mentee.lastName,
      author: `${mentee.firstName} ${mentee.lastName.charAt(0)}.`,
    });
  }
  await db.run(sql`update mentors set
    rating_sum = (select coalesce(sum(rating), 0) from reviews where reviews.mentor_id = mentors.id),
    rating_count = (select count(*) from reviews where reviews.mentor_id = mentors.id)
    where id = ${mentorId}`);
  return seeded;
}

/** The stored mentor row (for checking what a UI edit saved). */
export async function mentorRowOf(mentorId: string) {
  const [row] = await testDb().select().from(mentors).where(eq(mentors.id, mentorId));
  return row;
}

/**
 * Opens a session for an account and puts its session record in the page's local storage. By default the session is
 * written directly (`sessionFor`); `{ signIn: true }` signs in through the API, for a test that needs what a sign-in
 * also does (its "New sign-in" alert in the bell).
 */
export async function signInInto(
  page: Page,
  role: Exclude<Role, "moderator">,
  account: { email: string; firstName: string; lastName: string },
  options: { signIn?: boolean } = {},
) {
  const tokens = options.signIn ? await signIn(role, account.email) : await sessionFor(role, account.email);
  await seedSession(page, role, { ...tokens, name: `${account.firstName} ${account.lastName}` });
  return tokens;
}

/** What the server answers for a mentor search (the same procedure the page calls). */
export function searchMentorsApi(input: MentorSearch) {
  return trpc().mentors.search.query(input);
}

/** The mentor cards of a results list, in page order. */
export function mentorCards(page: Page, listLabel = "Mentors") {
  return page.getByRole("list", { name: listLabel, exact: true }).getByRole("article");
}

/** The names on the cards of a results list, in page order (waits for the list or the empty state). */
export async function cardNames(page: Page, listLabel = "Mentors"): Promise<string[]> {
  return mentorCards(page, listLabel).locator("h3").allTextContents();
}

/** The `mentors.search` input carried by a tRPC GET (httpLink, no transformer). */
export function searchInputOf(url: string): Record<string, unknown> {
  return JSON.parse(new URL(url).searchParams.get("input") ?? "{}") as Record<string, unknown>;
}

/** Waits for the page's next `mentors.search` answer and returns its input and data. */
export async function nextSearchAnswer(page: Page, trigger: () => Promise<unknown>) {
  const [response] = await Promise.all([page.waitForResponse((r: Response) => r.url().includes("/trpc/mentors.search")), trigger()]);
  const body = (await response.json()) as {
    result: { data: { id: string; firstName: string; lastName: string; hourlyRatePaise: number; rating: number | null }[] };
  };
  return { input: searchInputOf(response.url()), data: body.result.data };
}
