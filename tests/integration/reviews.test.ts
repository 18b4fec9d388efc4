import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, mentors } from "../../db/schema";
import { createMentee, createMentor, signIn, testDb } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";

async function subscribedMentee(mentorId: string, status: "active" | "expired" | "pending" = "expired") {
  const mentee = await createMentee();
  await testDb().insert(enrollments).values({ menteeId: mentee.id, mentorId, status, amountPaise: 100_000 });
  const { accessToken } = await signIn("mentee", mentee.email);
  return { mentee, client: trpc(accessToken) };
}

const ratingOf = async (mentorId: string) => {
  const row = await testDb().query.mentors.findFirst({ where: eq(mentors.id, mentorId), columns: { ratingSum: true, ratingCount: true } });
  return row!;
};

describe("ratings and reviews", () => {
  it("only a mentee who has or had an enrollment may review", async () => {
    const mentor = await createMentor();
    const stranger = await createMentee();
    const strangerClient = trpc((await signIn("mentee", stranger.email)).accessToken);
    expect(await trpcOutcome(strangerClient.reviews.save.mutate({ mentorId: mentor.id, rating: 5 }))).toMatchObject({
      status: 403,
      message: /subscribed/,
    });
    expect(await strangerClient.reviews.mine.query({ mentorId: mentor.id })).toEqual({ canReview: false, review: null });
    const unpaid = await subscribedMentee(mentor.id, "pending");
    expect((await trpcOutcome(unpaid.client.reviews.save.mutate({ mentorId: mentor.id, rating: 5 }))).status).toBe(403);
    // The profile page offers no form for a payment still pending: the answer it follows says so.
    expect(await unpaid.client.reviews.mine.query({ mentorId: mentor.id })).toEqual({ canReview: false, review: null });
    const past = await subscribedMentee(mentor.id, "expired");
    expect((await past.client.reviews.save.mutate({ mentorId: mentor.id, rating: 4, text: "Good" })).review).toMatchObject({
      rating: 4,
      text: "Good",
    });
  });

  it("keeps one review per mentee; editing replaces it and the average follows in the same write", async () => {
    const mentor = await createMentor();
    const a = await subscribedMentee(mentor.id);
    const b = await subscribedMentee(mentor.id, "active");
    await a.client.reviews.save.mutate({ mentorId: mentor.id, rating: 5, text: "Great" });
    await b.client.reviews.save.mutate({ mentorId: mentor.id, rating: 2 });
    expect(await ratingOf(mentor.id)).toEqual({ ratingSum: 7, ratingCount: 2 });
    await a.client.reviews.save.mutate({ mentorId: mentor.id, rating: 3, text: "Changed my mind" });
    expect(await ratingOf(mentor.id)).toEqual({ ratingSum: 5, ratingCount: 2 });
    const { body } = await rest("GET", `/api/mentees/mentors?search=${encodeURIComponent(mentor.firstName)}`);
    const card = (body.mentorsSearchResult as { _id: string; rating: number; reviewCount: number }[]).find((m) => m._id === mentor.id);
    expect(card).toMatchObject({ rating: 2.5, reviewCount: 2 });
    await b.client.reviews.remove.mutate({ mentorId: mentor.id });
    expect(await ratingOf(mentor.id)).toEqual({ ratingSum: 3, ratingCount: 1 });
    expect((await trpcOutcome(b.client.reviews.remove.mutate({ mentorId: mentor.id }))).status).toBe(404);
  });

  it("concurrent saves by one mentee leave one review and a consistent average", async () => {
    const mentor = await createMentor();
    const a = await subscribedMentee(mentor.id);
    await Promise.all([1, 2, 3, 4, 5].map((rating) => a.client.reviews.save.mutate({ mentorId: mentor.id, rating })));
    const { ratingSum, ratingCount } = await ratingOf(mentor.id);
    expect(ratingCount).toBe(1);
    const mine = await a.client.reviews.mine.query({ mentorId: mentor.id });
    expect(ratingSum).toBe(mine.review?.rating);
  });

  it("lists reviews newest first, a page at a time, with the author's first name and initial", async () => {
    const mentor = await createMentor();
    for (let i = 1; i <= 7; i++) {
      const { client } = await subscribedMentee(mentor.id);
      await client.reviews.save.mutate({ mentorId: mentor.id, rating: (i % 5) + 1, text: `Review ${i}` });
    }
    const first = await trpc().reviews.list.query({ mentorId: mentor.id, limit: 5 });
    expect(first.items.map((r) => r.text)).toEqual(["Review 7", "Review 6", "Review 5", "Review 4", "Review 3"]);
    expect(first.items[0].author).toBe("Test M.");
    const second = await trpc().reviews.list.query({ mentorId: mentor.id, limit: 5, cursor: first.nextCursor });
    expect(second.items.map((r) => r.text)).toEqual(["Review 2", "Review 1"]);
    expect(second.nextCursor).toBeNull();
    expect((await trpcOutcome(trpc().reviews.list.query({ mentorId: mentor.id, cursor: "bogus" }))).status).toBe(400);
  });

  it("stores review text as plain text, markup included", async () => {
    const mentor = await createMentor();
    const { client } = await subscribedMentee(mentor.id);
    const text = `<img src=x onerror="alert(1)"> & "quotes"`;
    await client.reviews.save.mutate({ mentorId: mentor.id, rating: 5, text });
    expect((await trpc().reviews.list.query({ mentorId: mentor.id })).items[0].text).toBe(text);
  });

  it("rejects ratings outside 1-5 and non-integers with a clear message", async () => {
    const mentor = await createMentor();
    const { client } = await subscribedMentee(mentor.id);
    for (const rating of [0, 6, 4.5]) {
      expect(await trpcOutcome(client.reviews.save.mutate({ mentorId: mentor.id, rating }))).toMatchObject({
        status: 400,
        message: "Choose a rating from 1 to 5 stars",
      });
    }
    expect(await ratingOf(mentor.id)).toEqual({ ratingSum: 0, ratingCount: 0 });
  });
});
