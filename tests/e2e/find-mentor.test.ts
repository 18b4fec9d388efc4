import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { nextFreeWords } from "../../src/search/next-free-words";
import { createMentee, setBlocked, testDb } from "../support/accounts";
import { useBrowser, waitForPath } from "../support/browser";
import {
  addReviews,
  cardNames,
  createMentorWithSkills,
  mentorCards,
  nextSearchAnswer,
  searchInputOf,
  searchMentorsApi,
  signInInto,
  uniqueWord,
} from "../support/find-mentor";
import { withoutPageData } from "../support/page-data";

/**
 * Find a mentor (SPEC §2 browse page and mentor card, §4 filters, §9 price buckets): search from the
 * nav box, filter by price and rating with the filters kept in the URL, the loading, empty and
 * error states, and the same pages inside the mentee area.
 */

const b = useBrowser();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DEFAULT_SHORT_BIO = "6+ years of experience in tech, business and product";
const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** Everyone, in the order of the default search, as the API answers now. */
const everyoneNow = async () => (await searchMentorsApi({})).map(fullName);

/**
 * Waits until the cards of `listLabel` show `shownOf(everyone)` as the search answered at the page's read. Other files
 * approve and review mentors on this stack meanwhile, which adds names and moves them: the page's read falls between
 * `before` (read before the action that made the page read) and a read after it.
 */
async function showsEveryone(page: Page, before: string[], listLabel = "Mentors", shownOf = (everyone: string[]) => everyone) {
  await expect
    .poll(async () => {
      const [shown, after] = [await cardNames(page, listLabel), await everyoneNow()];
      const matches = [before, after].some((everyone) => shownOf(everyone).join("|") === shown.join("|"));
      return matches ? "everyone" : { shown, before: shownOf(before), after: shownOf(after) };
    })
    .toBe("everyone");
}
const searchBox = (page: typeof b.page) => page.getByRole("searchbox", { name: "Search Skills and Mentors" });

/** Mentors found by one unique word: two visible ones, a blocked one and a pending one that must stay hidden. */
let word: string;
let first: Awaited<ReturnType<typeof createMentorWithSkills>>;
let second: Awaited<ReturnType<typeof createMentorWithSkills>>;
let blocked: Awaited<ReturnType<typeof createMentorWithSkills>>;
let pending: Awaited<ReturnType<typeof createMentorWithSkills>>;

/** Filter fixtures, found by another word: A passes ₹1000-₹2500 and 4★+, B is in the price range but rated 3, C is rated 5 but costs ₹3000. */
let filterWord: string;
let inRange: Awaited<ReturnType<typeof createMentorWithSkills>>;
let lowRated: Awaited<ReturnType<typeof createMentorWithSkills>>;
let pricey: Awaited<ReturnType<typeof createMentorWithSkills>>;

beforeAll(async () => {
  word = uniqueWord("quill");
  [first, second, blocked, pending] = await Promise.all([
    createMentorWithSkills(
      {
        firstName: "Oriana",
        lastName: `Vale${word.slice(-4)}`,
        jobTitle: "Principal Engineer",
        firmName: "Northwind",
        shortBio: "Twelve years shipping payments software.",
        hourlyRatePaise: 180_000,
      },
      [`${word} Design`, "Mentoring", "Career Growth", "Public Speaking", "Hiring"],
    ),
    createMentorWithSkills(
      {
        firstName: "Bastian",
        lastName: `Holt${word.slice(-4)}`,
        jobTitle: "Staff Designer",
        firmName: "Contoso",
        shortBio: null,
        hourlyRatePaise: 300_000,
      },
      ["Figma", `${word} Systems`],
    ),
    createMentorWithSkills({ firstName: "Blocked", lastName: "Mentor" }, [`${word} Design`]),
    createMentorWithSkills({ firstName: "Pending", lastName: "Mentor", status: "pending" }, [`${word} Design`]),
  ]);
  await setBlocked("mentor", blocked.id, true);

  filterWord = uniqueWord("fltr");
  [inRange, lowRated, pricey] = await Promise.all([
    createMentorWithSkills({ firstName: "Inga", lastName: "Inrange", hourlyRatePaise: 180_000 }, [`${filterWord} Coaching`]),
    createMentorWithSkills({ firstName: "Lorcan", lastName: "Lowrated", hourlyRatePaise: 200_000 }, [`${filterWord} Coaching`]),
    createMentorWithSkills({ firstName: "Priya", lastName: "Pricey", hourlyRatePaise: 300_000 }, [`${filterWord} Coaching`]),
  ]);
  await Promise.all([
    addReviews(inRange.id, [
      { rating: 5, text: "Great", daysAgo: 3 },
      { rating: 4, text: "Good", daysAgo: 2 },
    ]),
    addReviews(lowRated.id, [{ rating: 3, text: "Fine", daysAgo: 1 }]),
    addReviews(pricey.id, [{ rating: 5, text: "Superb", daysAgo: 1 }]),
  ]);
});

describe("finding a mentor", () => {
  it("searches from the landing page's nav box, lists the matching cards, and opens a profile", async () => {
    const page = b.page;
    const expected = await searchMentorsApi({ search: word });
    // The search finds exactly the two visible mentors; blocked and pending ones stay out.
    expect(expected.map((m) => m.id).sort()).toEqual([first.id, second.id].sort());
    expect(expected.map((m) => m.id)).not.toContain(blocked.id);
    expect(expected.map((m) => m.id)).not.toContain(pending.id);

    // The landing row shows the first four mentors of the default search.
    const beforeLanding = await everyoneNow();
    await page.goto("/");
    await showsEveryone(page, beforeLanding, "Featured mentors", (everyone) => everyone.slice(0, 4));

    await searchBox(page).fill(word);
    await searchBox(page).press("Enter");
    await waitForPath(page, `/browse/mentor/${word}`);
    await page.getByRole("heading", { level: 1, name: `Mentors for "${word}"` }).waitFor();
    await expect.poll(() => cardNames(page)).toEqual(expected.map(fullName));
    expect(await page.getByRole("status").filter({ hasText: "mentors found" }).textContent()).toBe("2 mentors found");
    // On a browse page the box keeps the page's text.
    expect(await searchBox(page).inputValue()).toBe(word);

    // A card: full name, "jobTitle@ firmName", short bio, the first three skills, a Profile button.
    const card = mentorCards(page).filter({ has: page.getByRole("heading", { name: fullName(first) }) });
    const cardText = await card.innerText();
    expect(cardText).toContain(`${first.jobTitle}@ ${first.firmName}`);
    expect(cardText).toContain(first.shortBio!);
    expect(await card.getByRole("list", { name: "Skills" }).getByRole("listitem").allTextContents()).toEqual(first.skills.slice(0, 3));
    // A mentor without a short bio gets the default line.
    const otherCard = mentorCards(page).filter({ has: page.getByRole("heading", { name: fullName(second) }) });
    expect(await otherCard.innerText()).toContain(DEFAULT_SHORT_BIO);
    expect(await otherCard.getByRole("list", { name: "Skills" }).getByRole("listitem").allTextContents()).toEqual(second.skills);

    // A new search from the browse page: several words (the URL segment is encoded) narrow it down.
    const twoWords = `${word} systems`;
    const narrowed = await searchMentorsApi({ search: twoWords });
    expect(narrowed.map((m) => m.id)).toEqual([second.id]);
    await searchBox(page).fill(twoWords);
    await searchBox(page).press("Enter");
    await waitForPath(page, `/browse/mentor/${encodeURIComponent(twoWords)}`);
    await page.getByRole("heading", { level: 1, name: `Mentors for "${twoWords}"` }).waitFor();
    await expect.poll(() => cardNames(page)).toEqual(narrowed.map(fullName));
    await page.goBack();
    await waitForPath(page, `/browse/mentor/${word}`);
    await expect.poll(() => cardNames(page)).toEqual(expected.map(fullName));

    await card.getByRole("link", { name: `Profile of ${fullName(first)}` }).click();
    await waitForPath(page, `/browse/mentor/profile/${first.id}`);
    await page.getByRole("heading", { level: 1, name: fullName(first) }).waitFor();
    const profileText = await page.locator("main").innerText();
    expect(profileText).toContain(`${first.jobTitle}@ ${first.firmName}`);
    expect(profileText).toContain(first.bio);
    expect(await page.getByRole("list", { name: "Skills" }).getByRole("listitem").allTextContents()).toEqual(first.skills.slice(0, 4));
  });

  it("searches for text with a slash (a skill like CI/CD) and keeps the filters when the text changes", async () => {
    const page = b.page;
    const expected = await searchMentorsApi({ search: "CI/CD" });
    expect(expected.length).toBeGreaterThan(0);
    await page.goto(`/browse/mentor/${filterWord}?price=mid`);
    await expect.poll(() => cardNames(page)).toHaveLength(2);
    await searchBox(page).fill("CI/CD");
    await searchBox(page).press("Enter");
    // The filters stay set when only the text changes (SPEC §4: text, price and rating each re-run the search).
    await waitForPath(page, `/browse/mentor/${encodeURIComponent("CI/CD")}?price=mid`);
    await page.getByRole("heading", { level: 1, name: 'Mentors for "CI/CD"' }).waitFor();
    const inBucket = await searchMentorsApi({ search: "CI/CD", price: "c" });
    await expect.poll(() => cardNames(page)).toEqual(inBucket.map(fullName));
    expect(await page.getByRole("radio", { name: "₹1000-₹2500", exact: true }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Any", exact: true }).check();
    await waitForPath(page, `/browse/mentor/${encodeURIComponent("CI/CD")}`);
    await expect.poll(() => cardNames(page)).toEqual(expected.map(fullName));
  });

  it("filters by price and rating through the URL, keeps them on reload, and choosing Any takes the price out", async () => {
    const page = b.page;
    // The price is one choice among ranges that do not overlap; the minimum rating is one choice too.
    const radio = (name: string) => page.getByRole("radio", { name, exact: true });
    await page.goto(`/browse/mentor/${filterWord}`);
    await expect.poll(() => cardNames(page)).toHaveLength(3);
    expect(await radio("Any").isChecked()).toBe(true);
    expect(await page.getByRole("group", { name: "Price per hour" }).locator("label").allTextContents()).toEqual([
      "Any",
      "Under ₹1000",
      "₹1000-₹2500",
      "₹2500-₹5000",
      "Above ₹5000",
    ]);

    // Price ₹1000-₹2500: the URL carries it, the search is sent with it, and the results obey it.
    const byPrice = await nextSearchAnswer(page, () => radio("₹1000-₹2500").check());
    await waitForPath(page, `/browse/mentor/${filterWord}?price=mid`);
    expect(byPrice.input).toMatchObject({ search: filterWord, range: "mid", rating: "9" });
    expect(byPrice.data.map((m) => m.id).sort()).toEqual([inRange.id, lowRated.id].sort());
    for (const m of byPrice.data) expect(m.hourlyRatePaise).toSatisfy((p: number) => p >= 100_000 && p <= 250_000);
    await expect.poll(() => cardNames(page)).toEqual(byPrice.data.map(fullName));
    expect(await radio("Any").isChecked()).toBe(false);

    // Plus 4 stars & up.
    const byBoth = await nextSearchAnswer(page, () => radio("4 stars & up").check());
    await waitForPath(page, `/browse/mentor/${filterWord}?price=mid&rating=4`);
    expect(byBoth.input).toMatchObject({ search: filterWord, range: "mid", rating: "4" });
    expect(byBoth.data.map((m) => m.id)).toEqual([inRange.id]);
    await expect.poll(() => cardNames(page)).toEqual([fullName(inRange)]);
    // The card's rating is the mentor's real average (5 and 4).
    expect(await mentorCards(page).first().innerText()).toMatch(/4\.5(\s+out of 5,)?\s+\(2 reviews\)/);

    // A reload (or a shared link) restores both filters and the same results.
    await page.reload();
    await expect.poll(() => cardNames(page)).toEqual([fullName(inRange)]);
    expect(await radio("₹1000-₹2500").isChecked()).toBe(true);
    expect(await radio("4 stars & up").isChecked()).toBe(true);

    // Choosing Any takes the price out of the URL; the rating stays.
    await radio("Any").check();
    await waitForPath(page, `/browse/mentor/${filterWord}?rating=4`);
    expect(await radio("₹1000-₹2500").isChecked()).toBe(false);
    const byRating = await searchMentorsApi({ search: filterWord, rating: "4" });
    expect(byRating.map((m) => m.id).sort()).toEqual([inRange.id, pricey.id].sort());
    await expect.poll(() => cardNames(page)).toEqual(byRating.map(fullName));

    // Any rating clears it too; only one floor is ever chosen.
    expect(await page.getByRole("group", { name: "Minimum rating" }).getByRole("checkbox").count()).toBe(0);
    await radio("Any rating").check();
    await waitForPath(page, `/browse/mentor/${filterWord}`);
    await expect.poll(() => cardNames(page)).toHaveLength(3);
  });

  it("cards show the price per hour and the monthly plan, and the results sort by price both ways and by rating", async () => {
    const page = b.page;
    await page.goto(`/browse/mentor/${filterWord}`);
    await expect.poll(() => cardNames(page)).toHaveLength(3);
    const priceOf = (m: { firstName: string; lastName: string }) =>
      mentorCards(page)
        .filter({ has: page.getByRole("heading", { name: fullName(m) }) })
        .getByTestId("mentor-card-price")
        .innerText();
    // ₹3000 an hour; the plan is 4 one-hour calls a month.
    expect((await priceOf(pricey)).replace(/\s+/g, " ")).toBe("₹3,000/hour · ₹12,000/month plan");
    expect((await priceOf(inRange)).replace(/\s+/g, " ")).toBe("₹1,800/hour · ₹7,200/month plan");

    const sortBy = page.getByRole("combobox", { name: "Sort by" });
    expect(await sortBy.inputValue()).toBe("relevance");
    const ascending = await nextSearchAnswer(page, () => sortBy.selectOption({ label: "Price: low to high" }));
    await waitForPath(page, `/browse/mentor/${filterWord}?sort=price-asc`);
    expect(ascending.input).toMatchObject({ search: filterWord, sort: "price-asc" });
    await expect.poll(() => cardNames(page)).toEqual([inRange, lowRated, pricey].map(fullName));
    await sortBy.selectOption({ label: "Price: high to low" });
    await waitForPath(page, `/browse/mentor/${filterWord}?sort=price-desc`);
    await expect.poll(() => cardNames(page)).toEqual([pricey, lowRated, inRange].map(fullName));
    // Rating: 5 (one review), 4.5, 3.
    await sortBy.selectOption({ label: "Rating" });
    await waitForPath(page, `/browse/mentor/${filterWord}?sort=rating`);
    await expect.poll(() => cardNames(page)).toEqual([pricey, inRange, lowRated].map(fullName));
    // The order survives a reload.
    await page.reload();
    await expect.poll(() => cardNames(page)).toEqual([pricey, inRange, lowRated].map(fullName));
    expect(await sortBy.inputValue()).toBe("rating");
  });

  it("a shared filter link over all mentors shows only mentors in the range and rating", async () => {
    const page = b.page;
    const expected = await searchMentorsApi({ range: "high", rating: "4" });
    expect(expected.length).toBeGreaterThan(0);
    for (const m of expected) {
      expect(m.hourlyRatePaise).toSatisfy((p: number) => p > 250_000 && p <= 500_000);
      expect(m.rating).toSatisfy((r: number | null) => r !== null && r >= 4);
    }
    await page.goto("/browse/mentor/all?price=high&rating=4");
    await page.getByRole("heading", { level: 1, name: "Find a Mentor" }).waitFor();
    await expect.poll(() => cardNames(page)).toEqual(expected.map(fullName));
    // Every card shows a rating of at least 4.
    const shown = (await mentorCards(page).allInnerTexts()).map((text) => Number(/(\d\.\d)\s+(out of 5|\()/.exec(text)?.[1]));
    expect(shown).toHaveLength(expected.length);
    for (const rating of shown) expect(rating).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole("radio", { name: "₹2500-₹5000", exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "4 stars & up", exact: true }).isChecked()).toBe(true);
  });

  it("suggests clearing filters when nothing matches them, and showing everyone when the words match nothing", async () => {
    const page = b.page;
    // No mentor of the filter word costs above ₹5000.
    expect(await searchMentorsApi({ search: filterWord, price: "e" })).toEqual([]);
    await page.goto(`/browse/mentor/${filterWord}?price=e&rating=5`);
    await page.getByText(`No mentors match "${filterWord}" with these filters.`).waitFor();
    expect(await mentorCards(page).count()).toBe(0);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await waitForPath(page, `/browse/mentor/${filterWord}`);
    await expect.poll(() => cardNames(page)).toHaveLength(3);
    expect(await page.getByRole("radio", { name: "Any", exact: true }).isChecked()).toBe(true);

    // Words that match nothing, searched from the box as a visitor would.
    const nothing = uniqueWord("nomatch");
    await searchBox(page).fill(nothing);
    await searchBox(page).press("Enter");
    await waitForPath(page, `/browse/mentor/${nothing}`);
    await page.getByText(`No mentors match "${nothing}" with these filters.`).waitFor();
    expect(await page.getByRole("button", { name: "Clear filters" }).count()).toBe(0);
    const before = await everyoneNow();
    await page.getByRole("button", { name: "Show all mentors" }).click();
    await waitForPath(page, "/browse/mentor/all");
    await showsEveryone(page, before);
  });

  it("shows two skeleton cards while loading, and an error with a working Retry when the search fails", async () => {
    const page = b.page;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let failing = true;
    let calls = 0;
    await page.route("**/trpc/mentors.search**", async (route) => {
      calls += 1;
      if (!failing) return route.continue();
      await held;
      return route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
    });
    // The page arrives without its results (the Worker could not read them then): the app asks for them.
    await withoutPageData(page, /\/browse\/mentor\//);
    await page.goto(`/browse/mentor/${word}`);
    const skeletons = page.getByTestId("mentor-card-skeleton");
    await expect.poll(() => skeletons.count()).toBe(2);
    expect(await page.getByRole("status").filter({ hasText: "Loading mentors…" }).count()).toBe(1);

    release();
    const alert = page.getByRole("alert").filter({ hasText: "We couldn't load mentors right now" });
    await alert.waitFor({ timeout: 15_000 });
    expect(await skeletons.count()).toBe(0);
    const failedCalls = calls;
    expect(failedCalls).toBeGreaterThanOrEqual(1);

    failing = false;
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => cardNames(page)).toEqual((await searchMentorsApi({ search: word })).map(fullName));
    expect(calls).toBeGreaterThan(failedCalls);
    expect(await alert.count()).toBe(0);
  });

  it("a filter change cancels the search still in flight", async () => {
    const page = b.page;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const aborted: string[] = [];
    page.on("requestfailed", (r) => {
      if (r.url().includes("/trpc/mentors.search")) aborted.push(r.url());
    });
    await page.route("**/trpc/mentors.search**", async (route) => {
      sent.push(route.request().url());
      await held;
      await route.continue().catch(() => undefined);
    });
    await withoutPageData(page, /\/browse\/mentor\//);
    await page.goto(`/browse/mentor/${filterWord}`);
    await expect.poll(() => sent.length).toBe(1);
    await page.getByRole("radio", { name: "₹1000-₹2500", exact: true }).check();
    await expect.poll(() => sent.length).toBe(2);
    // The unfiltered search was abandoned by the page, not left to finish.
    await expect.poll(() => aborted).toEqual([sent[0]]);
    expect(searchInputOf(sent[1])).toMatchObject({ range: "mid" });
    release();
    const expected = await searchMentorsApi({ search: filterWord, price: "c" });
    await expect.poll(() => cardNames(page)).toEqual(expected.map(fullName));
  });

  it("inside the mentee area the nav search and the Profile buttons stay in /mentees", async () => {
    const page = b.page;
    const mentee = await createMentee({ firstName: "Farah", lastName: "Browser" });
    await signInInto(page, "mentee", mentee);
    // Signed in, the landing page's cards open profiles inside her area (SPEC §2).
    await page.goto("/");
    const featured = (await searchMentorsApi({})).slice(0, 4);
    await expect.poll(() => cardNames(page, "Featured mentors")).toEqual(featured.map(fullName));
    // Once the app has taken over the Worker's HTML, which links to the public pages.
    await expect
      .poll(
        () =>
          mentorCards(page, "Featured mentors")
            .getByRole("link", { name: /^Profile of / })
            .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
        { timeout: 10_000 },
      )
      .toEqual(featured.map((m) => `/mentees/browse/mentor/profile/${m.id}`));

    // Her way into her area from the public top bar: Dashboard, where Login was.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard", exact: true }).click();
    await waitForPath(page, "/mentees");
    const before = await everyoneNow();
    await page.getByRole("navigation", { name: "Mentee navigation" }).getByRole("link", { name: "Browse Mentors" }).click();
    await waitForPath(page, "/mentees/browse/mentor/all");
    await showsEveryone(page, before);

    await searchBox(page).fill(word);
    await searchBox(page).press("Enter");
    await waitForPath(page, `/mentees/browse/mentor/${word}`);
    const expected = await searchMentorsApi({ search: word });
    await expect.poll(() => cardNames(page)).toEqual(expected.map(fullName));

    // Filters work the same inside the area.
    await page.getByRole("radio", { name: "₹1000-₹2500", exact: true }).check();
    await waitForPath(page, `/mentees/browse/mentor/${word}?price=mid`);
    const inBucket = await searchMentorsApi({ search: word, price: "c" });
    expect(inBucket.map((m) => m.id)).toEqual([first.id]);
    await expect.poll(() => cardNames(page)).toEqual([fullName(first)]);

    await page.getByRole("link", { name: `Profile of ${fullName(first)}` }).click();
    await waitForPath(page, `/mentees/browse/mentor/profile/${first.id}`);
    await page.getByRole("heading", { level: 1, name: fullName(first) }).waitFor();
    // She has not subscribed: the plan panel offers to subscribe.
    await page.getByRole("heading", { name: "Subscribe Now" }).waitFor();
    expect(await page.getByRole("button", { name: "Subscribe", exact: true }).count()).toBe(1);
  });
});

describe("browse on a phone: results first, the filters behind a button", () => {
  it("at 360x740 the first card is above the fold and the filters open in a sheet; at 1280x800 the bar is inline", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/browse/mentor/${filterWord}`);
    await expect.poll(() => cardNames(page)).toHaveLength(3);
    // The card is read again until it is laid out (the list may draw once more as its last read arrives).
    await expect.poll(async () => ((await mentorCards(page).first().boundingBox())?.y ?? Number.POSITIVE_INFINITY) + 60).toBeLessThan(740);
    expect(await page.getByRole("group", { name: "Minimum rating" }).count()).toBe(0);

    const open = page.getByRole("button", { name: "Filters", exact: true });
    await open.click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.waitFor();
    await sheet.getByRole("radio", { name: "4 stars & up", exact: true }).check();
    await waitForPath(page, `/browse/mentor/${filterWord}?rating=4`);
    expect(await sheet.getByRole("radio", { name: "4 stars & up", exact: true }).isChecked()).toBe(true);
    await sheet.getByRole("button", { name: "Show results" }).click();
    await sheet.waitFor({ state: "hidden" });
    const reopen = page.getByRole("button", { name: "Filters (1)" });
    await expect.poll(() => reopen.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual((await searchMentorsApi({ search: filterWord, rating: "4" })).map(fullName));
    // Escape closes it too.
    await reopen.click();
    await sheet.waitFor();
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "hidden" });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("group", { name: "Minimum rating" }).waitFor();
    expect(await page.getByRole("button", { name: /^Filters/ }).count()).toBe(0);
  });
});

describe("when a mentor is free, for a signed-out visitor", () => {
  it("at 1280x800 and at 360x740, cards and the public profile show the next open time in the visitor's zone", async () => {
    const freeWord = uniqueWord("free");
    const mentor = await createMentorWithSkills({ firstName: "Nalini", lastName: `Free${freeWord.slice(-4)}` }, [`${freeWord} Coaching`]);
    const busy = await createMentorWithSkills({ firstName: "Bharat", lastName: `Busy${freeWord.slice(-4)}` }, [`${freeWord} Coaching`]);
    const at = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * DAY);
    await testDb()
      .insert(timeSlots)
      .values([
        // Within his 12 hours' notice: not bookable, so not "free".
        {
          mentorId: mentor.id,
          startAt: new Date(at.getTime() - 3 * DAY + HOUR),
          endAt: new Date(at.getTime() - 3 * DAY + 2 * HOUR),
          state: "open",
        },
        { mentorId: mentor.id, startAt: at, endAt: new Date(at.getTime() + HOUR), state: "open" },
        { mentorId: mentor.id, startAt: new Date(at.getTime() + DAY), endAt: new Date(at.getTime() + DAY + HOUR), state: "open" },
      ]);
    // The words depend on the zone, not the width: read once per screen at both widths.
    const context = await b.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "America/New_York" });
    const page = await context.newPage();
    await page.goto(`/browse/mentor/${freeWord}`);
    await expect.poll(() => cardNames(page)).toHaveLength(2);
    const expected = `Next free: ${nextFreeWords(at.toISOString(), "America/New_York", "en")}`;
    const card = (m: { firstName: string; lastName: string }) =>
      mentorCards(page).filter({ has: page.getByRole("heading", { name: fullName(m) }) });
    const shownOn = async (width: number) => {
      await page.setViewportSize(width === 360 ? { width: 360, height: 740 } : { width: 1280, height: 800 });
      const time = page.getByTestId("mentor-next-free");
      await expect.poll(() => time.innerText(), { message: `at ${width} px` }).toBe(expected);
      expect(await time.isVisible(), `at ${width} px`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
    };
    await expect.poll(() => card(mentor).getByTestId("mentor-next-free").innerText()).toBe(expected);
    expect(await card(busy).getByTestId("mentor-next-free").count()).toBe(0);
    await shownOn(360);

    // Her public profile, opened on the phone, then on the computer.
    await page.goto(`/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("heading", { level: 1, name: fullName(mentor) }).waitFor();
    await shownOn(360);
    await shownOn(1280);
    await context.close();
  });
});
