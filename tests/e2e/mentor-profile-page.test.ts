import { describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { createMentee, setBlocked, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { actionCount, toasts, useBrowser, waitForPath } from "../support/browser";
import { addReviews, createMentorWithSkills, enroll, signInInto, uniqueWord } from "../support/find-mentor";

/**
 * The mentor profile page (SPEC §2): header, About, first four skills, hourly rate, plan, the real
 * rating and review count, "What Mentees Say" newest first five at a time, the subscriber's actions
 * or "Subscribe Now", the page of an unavailable mentor, and a mentee's own review.
 */

const b = useBrowser();
type Page = typeof b.page;
const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;
const reviewItems = (page: Page) => page.getByRole("list", { name: "Reviews" }).getByRole("listitem");
/** The plan panel's "★ 4.3 (3 reviews)" line. */
const ratingLine = (page: Page) => page.locator("p").filter({ hasText: /\(\d+ reviews?\)$/ });
const shownRating = async (page: Page) =>
  (await ratingLine(page).innerText())
    .replace(/\s+out of 5,/, "")
    .replace(/\s+/g, " ")
    .trim();
const reviewForm = (page: Page) => page.getByRole("form", { name: "Your review" });

describe("mentor profile page", () => {
  it("shows a visitor the header, About, four skills, rate, plan, real rating and reviews newest first, five at a time", async () => {
    const page = b.page;
    const word = uniqueWord("rv");
    const mentor = await createMentorWithSkills(
      {
        firstName: "Ilse",
        lastName: "Marchetti",
        jobTitle: "Head of Data",
        firmName: "Fabrikam",
        location: "Kochi",
        shortBio: "Data leader, ex-consultant.",
        bio: `I lead analytics teams and coach analysts into data science. ${word}`,
        educationalQualification: "M.Sc Statistics",
        hourlyRatePaise: 245_000,
        website: "https://example.com/ilse",
        linkedInUrl: "https://www.linkedin.com/in/ilse",
      },
      ["Statistics", "Python", "Leadership", "Hiring", "SQL", "Storytelling"],
    );
    const seeded = await addReviews(mentor.id, [
      { rating: 5, text: `Clear and practical ${word} one`, daysAgo: 9 },
      { rating: 4, text: `Good next steps ${word} two`, daysAgo: 2 },
      { rating: 3, text: `A bit rushed ${word} three`, daysAgo: 6 },
      { rating: 5, text: `Got the offer ${word} four`, daysAgo: 1 },
      { rating: 2, text: `Too generic ${word} five`, daysAgo: 12 },
      { rating: 4, text: `Useful pointers ${word} six`, daysAgo: 4 },
      { rating: 4, text: `Knows the field ${word} seven`, daysAgo: 20 },
    ]);
    const newestFirst = [...seeded].sort((x, y) => x.daysAgo - y.daysAgo);
    const average = seeded.reduce((sum, r) => sum + r.rating, 0) / seeded.length;

    await page.goto(`/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("heading", { level: 1, name: fullName(mentor) }).waitFor();
    const main = page.locator("main");
    const text = await main.innerText();
    expect(text).toContain(`${mentor.jobTitle}@ ${mentor.firmName}`);
    expect(text).toContain(mentor.location!);
    expect(text).toContain(mentor.shortBio!);
    expect(await main.getByRole("link", { name: "Website" }).getAttribute("href")).toBe(mentor.website);
    expect(await main.getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toBe(mentor.linkedInUrl);
    expect(await main.getByRole("link", { name: "Twitter" }).count()).toBe(0);

    // About is the bio (and the education); skills are the first four.
    const about = main.getByRole("heading", { name: "About", exact: true }).locator("xpath=../.."); // the About card
    expect(await about.innerText()).toContain(mentor.bio);
    expect(await about.innerText()).toContain(mentor.educationalQualification);
    expect(await main.getByRole("list", { name: "Skills" }).getByRole("listitem").allTextContents()).toEqual(mentor.skills.slice(0, 4));

    // Plan panel: rate, real rating and count, the plan, and (for a visitor) a sign-in prompt.
    await page.getByRole("heading", { name: "Subscribe Now" }).waitFor();
    expect(text).toContain("₹2,450 / hour");
    expect(await shownRating(page)).toBe(`${average.toFixed(1)} (${seeded.length} reviews)`);
    expect(await page.getByRole("list", { name: "What the plan includes" }).getByRole("listitem").allTextContents()).toEqual([
      "4 calls per month of 60 minutes each",
      "Unlimited Q&A via chat",
      "Responses within 24 hours",
      "Flat fee per hour, no hidden costs",
    ]);
    for (const action of ["Community", "Chat", "Schedule", "Subscribe"]) expect(await actionCount(page, action)).toBe(0);
    expect(await reviewForm(page).count()).toBe(0);

    // What Mentees Say: the real reviews, newest first, five at a time.
    await page.getByRole("heading", { name: "What Mentees Say" }).waitFor();
    await expect.poll(() => reviewItems(page).count()).toBe(5);
    const firstPage = await reviewItems(page).allInnerTexts();
    newestFirst.slice(0, 5).forEach((review, i) => {
      expect(firstPage[i]).toContain(review.text);
      expect(firstPage[i]).toContain(review.author);
    });
    expect(await reviewItems(page).first().getByRole("img").getAttribute("aria-label")).toBe(`${newestFirst[0].rating} out of 5 stars`);
    await page.getByRole("button", { name: "Show more reviews" }).click();
    await expect.poll(() => reviewItems(page).count()).toBe(7);
    const all = await reviewItems(page).allInnerTexts();
    newestFirst.forEach((review, i) => expect(all[i]).toContain(review.text));
    expect(await page.getByRole("button", { name: "Show more reviews" }).count()).toBe(0);

    // The visitor's way to subscribe is to sign in as a mentee, and come back to this mentor.
    await page.getByRole("link", { name: "Sign in as a mentee to subscribe" }).click();
    await waitForPath(page, `/auth/login?mentees&redirect=${encodeURIComponent(`/browse/mentor/profile/${mentor.id}`)}`);
  });

  it("a mentee with a live subscription sees Community, Chat and Schedule; others see Subscribe Now", async () => {
    const mentor = await createMentorWithSkills({ firstName: "Tomas", lastName: "Okafor" }, ["Kotlin"]);
    const [subscriber, lapsed] = await Promise.all([
      createMentee({ firstName: "Sub", lastName: "Scriber" }),
      createMentee({ firstName: "Lap", lastName: "Sed" }),
    ]);
    await Promise.all([enroll(subscriber.id, mentor.id, "active"), enroll(lapsed.id, mentor.id, "expired")]);
    const subscriberToken = (await signInInto(b.page, "mentee", subscriber)).accessToken;
    expect((await trpc(subscriberToken).mentors.profile.query({ mentorId: mentor.id })).isEnrollmentActive).toBe(true);

    const page = b.page;
    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("heading", { level: 1, name: fullName(mentor) }).waitFor();
    await page.getByRole("heading", { name: "Your subscription" }).waitFor();
    for (const action of ["Community", "Chat", "Schedule"]) expect(await actionCount(page, action)).toBe(1);
    expect(await page.getByRole("heading", { name: "Subscribe Now" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Subscribe", exact: true }).count()).toBe(0);

    // The lapsed mentee in the same browser, after the subscriber has signed out of it.
    await page.evaluate(() => localStorage.clear());
    const other = page;
    await signInInto(other, "mentee", lapsed);
    await other.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await other.getByRole("heading", { level: 1, name: fullName(mentor) }).waitFor();
    await other.getByRole("heading", { name: "Subscribe Now" }).waitFor();
    expect(await other.getByRole("button", { name: "Subscribe", exact: true }).count()).toBe(1);
    for (const action of ["Community", "Chat", "Schedule"]) expect(await actionCount(other, action)).toBe(0);
    // She has not had her free intro call with this mentor: it is offered, until she has had it.
    const introCall = other.getByRole("link", { name: "Book a free intro call" });
    await introCall.waitFor();
    expect(await introCall.getAttribute("href")).toBe(`/mentees/schedules?mentorId=${mentor.id}&trial=true`);
    const start = new Date(Date.now() - 3 * 86_400_000);
    await testDb()
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        startAt: start,
        endAt: new Date(start.getTime() + 3_600_000),
        state: "booked",
        type: "trial",
        menteeId: lapsed.id,
        bookedAt: start,
      });
    await other.reload();
    await other.getByRole("heading", { name: "Subscribe Now" }).waitFor();
    await other.getByRole("button", { name: "Subscribe", exact: true }).waitFor();
    await expect.poll(() => introCall.count(), { timeout: 5_000 }).toBe(0);
  });

  it("a mentor blocked while she looks (public page) and an unknown one (mentee area) get a clear 'Mentor not available' page, each with its way back to browsing", async () => {
    const page = b.page;
    const blocked = await createMentorWithSkills({ firstName: "Soon", lastName: "Blocked" }, ["Rust"]);
    // Visible until a moderator blocks them.
    await page.goto(`/browse/mentor/profile/${blocked.id}`);
    await page.getByRole("heading", { level: 1, name: fullName(blocked) }).waitFor();
    await setBlocked("mentor", blocked.id, true);

    // The server answers unknown, pending and blocked mentors alike (tests/integration/profiles.test.ts and
    // public-pages.test.ts): the page is drawn here for the blocked one, and for an unknown one in the mentee area below.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Mentor not available" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("This mentor is not available. They may have left or the link may be wrong.");
    expect(await page.getByRole("heading", { level: 1, name: fullName(blocked) }).count()).toBe(0);
    await page.getByRole("link", { name: "Browse mentors", exact: true }).click();
    await waitForPath(page, "/browse/mentor/all");

    // Inside the mentee area the way back stays in the area.
    const mentee = await createMentee();
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/browse/mentor/profile/${crypto.randomUUID()}`);
    await page.getByRole("heading", { level: 1, name: "Mentor not available" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("This mentor is not available. They may have left or the link may be wrong.");
    await page.getByRole("link", { name: "Browse mentors", exact: true }).click();
    await waitForPath(page, "/mentees/browse/mentor/all");
  });

  it("a mentee who had a subscription leaves, edits and deletes her one review, and the rating follows", async () => {
    const page = b.page;
    const mentor = await createMentorWithSkills({ firstName: "Keiko", lastName: "Brandt" }, ["Go"]);
    const earlier = await addReviews(mentor.id, [
      { rating: 5, text: "Earlier review, five stars", daysAgo: 5 },
      { rating: 3, text: "Earlier review, three stars", daysAgo: 3 },
    ]);
    const mentee = await createMentee({ firstName: "Rhea", lastName: "Castellano" });
    await enroll(mentee.id, mentor.id, "expired");
    const { accessToken } = await signInInto(page, "mentee", mentee);
    const author = `${mentee.firstName} ${mentee.lastName.charAt(0)}.`;
    const summary = (ratings: number[]) =>
      `${(ratings.reduce((s, r) => s + r, 0) / ratings.length).toFixed(1)} (${ratings.length} reviews)`;

    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    const form = reviewForm(page);
    await form.waitFor();
    expect(await page.getByText("Tell other mentees how your sessions went.").count()).toBe(1);
    expect(await shownRating(page)).toBe(summary(earlier.map((r) => r.rating)));

    // A rating is required.
    await form.getByRole("button", { name: "Save review" }).click();
    await form.getByRole("alert").filter({ hasText: "Choose a rating from 1 to 5 stars" }).waitFor();

    // Leave a review: it appears first, and the average and count move.
    await form.getByRole("radio", { name: "2 stars" }).check();
    await form.getByLabel("Your review (optional)").fill("Helpful on Go concurrency, but ran over time.");
    await form.getByRole("button", { name: "Save review" }).click();
    await toasts(page, "Review saved").waitFor();
    await expect.poll(() => reviewItems(page).count()).toBe(3);
    expect(await reviewItems(page).first().innerText()).toContain("Helpful on Go concurrency, but ran over time.");
    expect(await reviewItems(page).first().innerText()).toContain(author);
    await expect.poll(() => shownRating(page)).toBe(summary([5, 3, 2]));
    expect((await trpc(accessToken).reviews.mine.query({ mentorId: mentor.id })).review).toMatchObject({
      rating: 2,
      text: "Helpful on Go concurrency, but ran over time.",
    });

    // Edit it: the form starts from what is saved; still one review, marked edited.
    await page.getByText("Update or delete your review.").waitFor();
    expect(await form.getByRole("radio", { name: "2 stars" }).isChecked()).toBe(true);
    expect(await form.getByLabel("Your review (optional)").inputValue()).toBe("Helpful on Go concurrency, but ran over time.");
    await form.getByRole("radio", { name: "5 stars" }).check();
    await form.getByLabel("Your review (optional)").fill("On reflection, excellent.");
    await form.getByRole("button", { name: "Save review" }).click();
    await expect.poll(() => reviewItems(page).first().innerText()).toContain("On reflection, excellent.");
    expect(await reviewItems(page).first().innerText()).toContain("(edited)");
    expect(await reviewItems(page).count()).toBe(3);
    await expect.poll(() => shownRating(page)).toBe(summary([5, 3, 5]));

    // Delete it: gone from the list and from the average; the form offers a new review again.
    await form.getByRole("button", { name: "Delete review" }).click();
    await toasts(page, "Review deleted").waitFor();
    await expect.poll(() => reviewItems(page).count()).toBe(2);
    expect((await reviewItems(page).allInnerTexts()).join("\n")).not.toContain("On reflection, excellent.");
    await expect.poll(() => shownRating(page)).toBe(summary([5, 3]));
    await page.getByText("Tell other mentees how your sessions went.").waitFor();
    expect((await trpc(accessToken).reviews.mine.query({ mentorId: mentor.id })).review).toBeNull();
  });

  it("offers no review form to a mentee who never subscribed, and offers it to one whose subscription was cancelled", async () => {
    const page = b.page;
    const mentor = await createMentorWithSkills({ firstName: "Noor", lastName: "Haddad" }, ["Figma"]);
    const [never, paid] = await Promise.all([createMentee(), createMentee()]);
    await enroll(paid.id, mentor.id, "canceled");
    // A pending (unpaid) subscription is refused like none at all: tests/integration/reviews.test.ts.
    const formShown = async (mentee: typeof never) => {
      await signInInto(page, "mentee", mentee);
      const mine = page.waitForResponse((r) => r.url().includes("/trpc/reviews.mine"));
      await page.goto(`/browse/mentor/profile/${mentor.id}`);
      await page.getByRole("heading", { level: 1, name: fullName(mentor) }).waitFor();
      const answer = (await (await mine).json()) as { result: { data: { canReview: boolean } } };
      // The page follows the server's answer: the form is there exactly when she may review.
      if (answer.result.data.canReview) await reviewForm(page).waitFor();
      else expect(await reviewForm(page).count()).toBe(0);
      // Signed out again, for the next mentee in this browser.
      await page.evaluate(() => localStorage.clear());
      return answer.result.data.canReview;
    };
    // The control: a cancelled (once paid) subscription does allow a review.
    expect([await formShown(never), await formShown(paid)]).toEqual([false, true]);
  });
});
