import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors, notifications, ratingPrompts, reviews, sessionNoteComments, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpcOutcome } from "../support/api";
import { createEnrollment } from "../support/moderation";
import { trpcAt } from "../support/waitlist";

/** Before and after a session (ADR 0026): the agenda after booking, the shared notes of a completed session, the one-tap rating prompt. */

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function pair() {
  const mentor = await createMentor({ timeZone: "Asia/Kolkata", firstName: "Asha", lastName: `Notes${crypto.randomUUID().slice(0, 4)}` });
  const mentee = await createMentee({
    timeZone: "America/New_York",
    firstName: "Priya",
    lastName: `Notes${crypto.randomUUID().slice(0, 4)}`,
  });
  return { mentor, mentee, mentorToken: await accessTokenFor("mentor", mentor.id), menteeToken: await accessTokenFor("mentee", mentee.id) };
}
type Pair = Awaited<ReturnType<typeof pair>>;

/** A booked session of the pair starting at `start`, with an outcome if given. */
async function session(p: Pair, start: Date, values: Partial<typeof timeSlots.$inferInsert> = {}) {
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: p.mentor.id,
      menteeId: p.mentee.id,
      state: "booked",
      type: "session",
      startAt: start,
      endAt: new Date(start.getTime() + HOUR),
      bookedAt: new Date(start.getTime() - 2 * DAY),
      bookingId: crypto.randomUUID(),
      ...values,
    })
    .returning();
  return slot;
}
const completed = (p: Pair, start: Date) => session(p, start, { outcome: "completed", outcomeAt: new Date(start.getTime() + 65 * MIN) });

const alertsOf = (role: "mentee" | "mentor", id: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientRole, role), eq(notifications.recipientId, id)));
const slotOf = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];

describe("the agenda after booking", () => {
  it("she adds, changes and removes it until the start; the mentor reads it on his dashboard and slot and is told each time", async () => {
    const p = await pair();
    const now = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const slot = await session(p, new Date(now.getTime() + 5 * HOUR));
    const her = trpcAt(p.menteeToken, now);

    expect(
      await her.scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "  Review my CV: https://example.com/cv \n and my portfolio  " }),
    ).toEqual({
      slotId: slot.id,
      agenda: "Review my CV: https://example.com/cv \n and my portfolio",
      message: "Agenda saved",
    });
    const him = trpcAt(p.mentorToken, now);
    expect((await him.scheduling.slot.query({ slotId: slot.id })).agenda).toBe("Review my CV: https://example.com/cv \n and my portfolio");
    expect((await him.scheduling.liveSessions.query()).find((s) => s.id === slot.id)?.agenda).toBe(
      "Review my CV: https://example.com/cv \n and my portfolio",
    );
    expect((await her.scheduling.myBookings.query()).upcoming.find((b) => b.id === slot.id)?.agenda).toBe(
      "Review my CV: https://example.com/cv \n and my portfolio",
    );
    let alerts = await alertsOf("mentor", p.mentor.id);
    expect(alerts.map((a) => a.content)).toEqual([
      expect.stringMatching(
        new RegExp(`^Priya ${p.mentee.lastName} updated the agenda of the session on .*\\(Asia/Kolkata\\): Review my CV`),
      ),
    ]);

    // The same words again change nothing and tell nobody.
    await her.scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "Review my CV: https://example.com/cv \n and my portfolio" });
    expect(await alertsOf("mentor", p.mentor.id)).toHaveLength(1);

    expect(await her.scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "   " })).toMatchObject({
      agenda: null,
      message: "Agenda removed",
    });
    expect((await slotOf(slot.id)).agenda).toBeNull();
    alerts = await alertsOf("mentor", p.mentor.id);
    expect(alerts.map((a) => a.content)).toContainEqual(expect.stringMatching(/removed the agenda of the session on /));

    // A minute before the start she may still change it; at the start no longer.
    const before = trpcAt(p.menteeToken, new Date(slot.startAt.getTime() - MIN));
    expect(await before.scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "Last-minute question" })).toMatchObject({
      agenda: "Last-minute question",
    });
    const started = await trpcOutcome(
      trpcAt(p.menteeToken, slot.startAt).scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "Too late" }),
    );
    expect(started).toMatchObject({ status: 409, message: "This session has started: its agenda can no longer be changed." });
    expect((await slotOf(slot.id)).agenda).toBe("Last-minute question");
  });

  it("only she may: another mentee and a stranger's slot get 404, the mentor 403, a cancelled booking 404; too long is a 400 that says the limit", async () => {
    const p = await pair();
    const now = new Date();
    const slot = await session(p, new Date(now.getTime() + DAY));
    const other = await createMentee();
    const theirs = await trpcOutcome(
      trpcAt(await accessTokenFor("mentee", other.id), now).scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "Mine now" }),
    );
    expect(theirs).toMatchObject({ status: 404, message: "There is no booking of yours with this id." });
    expect(
      (await trpcOutcome(trpcAt(p.mentorToken, now).scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "From him" }))).status,
    ).toBe(403);
    expect(
      (await trpcOutcome(trpcAt(p.menteeToken, now).scheduling.setAgenda.mutate({ slotId: crypto.randomUUID(), agenda: "x" }))).status,
    ).toBe(404);

    const long = await trpcOutcome(trpcAt(p.menteeToken, now).scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "x".repeat(501) }));
    expect(long).toMatchObject({ status: 400, message: expect.stringMatching(/Agenda must be at most 500 characters/) });
    expect(await trpcAt(p.menteeToken, now).scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "x".repeat(500) })).toMatchObject({
      message: "Agenda saved",
    });

    await testDb().update(timeSlots).set({ state: "open", menteeId: null }).where(eq(timeSlots.id, slot.id));
    expect((await trpcOutcome(trpcAt(p.menteeToken, now).scheduling.setAgenda.mutate({ slotId: slot.id, agenda: "Back" }))).status).toBe(
      404,
    );
    expect((await slotOf(slot.id)).agenda).toBe("x".repeat(500));
  });
});

describe("shared notes of a completed session", () => {
  it("the mentor writes and edits them (she is told the first time), she reads them and cannot write them, both comment and the other is told", async () => {
    const p = await pair();
    const slot = await completed(p, new Date(Date.now() - 3 * HOUR));
    const now = new Date();
    const him = trpcAt(p.mentorToken, now);
    const her = trpcAt(p.menteeToken, now);

    const empty = await her.sessionNotes.get.query({ slotId: slot.id });
    expect(empty).toMatchObject({
      viewer: "mentee",
      notes: null,
      comments: [],
      mentor: { id: p.mentor.id, firstName: "Asha" },
      mentee: { id: p.mentee.id },
    });

    const refused = await trpcOutcome(her.sessionNotes.save.mutate({ slotId: slot.id, body: "My own notes" }));
    expect(refused.status).toBe(403);

    const body = "We covered your CV.\nRead https://example.com/primer next.";
    expect(await him.sessionNotes.save.mutate({ slotId: slot.id, body: `  ${body}  ` })).toMatchObject({
      message: `Notes saved. Priya was told.`,
      notes: { body },
    });
    const told = await alertsOf("mentee", p.mentee.id);
    expect(told.map((a) => a.content)).toEqual([
      expect.stringMatching(new RegExp(`^Asha ${p.mentor.lastName} wrote notes for your session of .*\\(America/New_York\\)\\.$`)),
    ]);
    expect(await him.sessionNotes.save.mutate({ slotId: slot.id, body: `${body}\nAnd practise daily.` })).toMatchObject({
      message: "Notes saved",
    });
    expect(await alertsOf("mentee", p.mentee.id)).toHaveLength(1);
    expect((await her.sessionNotes.get.query({ slotId: slot.id })).notes).toMatchObject({
      body: `${body}\nAnd practise daily.`,
      updatedAt: now.toISOString(),
    });

    expect(
      await her.sessionNotes.comment.mutate({ slotId: slot.id, body: "Thank you! Here is my draft: https://example.com/draft" }),
    ).toMatchObject({ message: "Comment added" });
    const later = trpcAt(p.mentorToken, new Date(now.getTime() + MIN));
    await later.sessionNotes.comment.mutate({ slotId: slot.id, body: "Looks good." });
    expect((await alertsOf("mentor", p.mentor.id)).map((a) => a.content)).toEqual([
      expect.stringMatching(new RegExp(`^Priya ${p.mentee.lastName} commented on the notes of your session of .*\\(Asia/Kolkata\\)\\.$`)),
    ]);
    expect((await alertsOf("mentee", p.mentee.id)).map((a) => a.content)).toContainEqual(
      expect.stringMatching(/^Asha .* commented on the notes of your session of /),
    );

    const seen = await him.sessionNotes.get.query({ slotId: slot.id });
    expect(seen.viewer).toBe("mentor");
    expect(seen.comments.map((c) => [c.authorRole, c.authorName, c.body, c.mine])).toEqual([
      ["mentee", `Priya ${p.mentee.lastName}`, "Thank you! Here is my draft: https://example.com/draft", false],
      ["mentor", `Asha ${p.mentor.lastName}`, "Looks good.", true],
    ]);
  });

  it("strangers get 404 for reading, writing and commenting; nothing is stored", async () => {
    const p = await pair();
    const slot = await completed(p, new Date(Date.now() - 3 * HOUR));
    const otherMentor = await accessTokenFor("mentor", (await createMentor()).id);
    const otherMentee = await accessTokenFor("mentee", (await createMentee()).id);
    const now = new Date();
    for (const token of [otherMentor, otherMentee]) {
      const api = trpcAt(token, now);
      expect(await trpcOutcome(api.sessionNotes.get.query({ slotId: slot.id }))).toMatchObject({
        status: 404,
        message: "There is no session of yours with this id.",
      });
      expect((await trpcOutcome(api.sessionNotes.comment.mutate({ slotId: slot.id, body: "Hi" }))).status).toBe(404);
    }
    expect((await trpcOutcome(trpcAt(otherMentor, now).sessionNotes.save.mutate({ slotId: slot.id, body: "Hi" }))).status).toBe(404);
    expect((await trpcOutcome(trpcAt(p.mentorToken, now).sessionNotes.get.query({ slotId: crypto.randomUUID() }))).status).toBe(404);
    expect(await testDb().select().from(sessionNoteComments).where(eq(sessionNoteComments.slotId, slot.id))).toEqual([]);
  });

  it("opens only once the session is completed: not before its outcome, not after a no-show", async () => {
    const p = await pair();
    const unsettled = await session(p, new Date(Date.now() - 2 * HOUR));
    const missed = await session(p, new Date(Date.now() - 5 * HOUR), { outcome: "mentee_no_show", outcomeAt: new Date() });
    const upcoming = await session(p, new Date(Date.now() + DAY));
    const now = new Date();
    for (const slot of [unsettled, missed, upcoming]) {
      for (const token of [p.menteeToken, p.mentorToken]) {
        const read = await trpcOutcome(trpcAt(token, now).sessionNotes.get.query({ slotId: slot.id }));
        expect(read).toMatchObject({
          status: 409,
          message: "Notes open once a session is recorded as completed, a few minutes after it ends.",
        });
      }
      expect((await trpcOutcome(trpcAt(p.mentorToken, now).sessionNotes.save.mutate({ slotId: slot.id, body: "Early" }))).status).toBe(409);
      expect((await trpcOutcome(trpcAt(p.menteeToken, now).sessionNotes.comment.mutate({ slotId: slot.id, body: "Early" }))).status).toBe(
        409,
      );
    }
    // Settled as completed (the settle job's column), they open.
    await testDb().update(timeSlots).set({ outcome: "completed", outcomeAt: now }).where(eq(timeSlots.id, unsettled.id));
    expect((await trpcAt(p.menteeToken, now).sessionNotes.get.query({ slotId: unsettled.id })).notes).toBeNull();
  });

  it("says the limits: notes up to 5000 characters, comments up to 1000, neither empty", async () => {
    const p = await pair();
    const slot = await completed(p, new Date(Date.now() - 3 * HOUR));
    const now = new Date();
    const him = trpcAt(p.mentorToken, now);
    expect(await trpcOutcome(him.sessionNotes.save.mutate({ slotId: slot.id, body: "x".repeat(5001) }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Notes must be at most 5000 characters/),
    });
    expect(await trpcOutcome(him.sessionNotes.save.mutate({ slotId: slot.id, body: "  \n " }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Write the notes before saving them/),
    });
    expect(await him.sessionNotes.save.mutate({ slotId: slot.id, body: "x".repeat(5000) })).toMatchObject({
      message: expect.stringMatching(/^Notes saved/),
    });
    const her = trpcAt(p.menteeToken, now);
    expect(await trpcOutcome(her.sessionNotes.comment.mutate({ slotId: slot.id, body: "y".repeat(1001) }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/A comment must be at most 1000 characters/),
    });
    expect(await trpcOutcome(her.sessionNotes.comment.mutate({ slotId: slot.id, body: "" }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Write a comment before sending it/),
    });
    expect(await her.sessionNotes.comment.mutate({ slotId: slot.id, body: "y".repeat(1000) })).toMatchObject({ message: "Comment added" });
  });
});

describe("the one-tap rating prompt", () => {
  const promptOf = async (token: string, now: Date) => (await trpcAt(token, now).mentees.home.query({})).ratingPrompt;

  it("asks after a completed session; a star is her review (its text kept) and closes it; she is asked again only after a new session once 30 days have passed", async () => {
    const p = await pair();
    await createEnrollment(p.mentee.id, p.mentor.id);
    const now = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const earlier = await completed(p, new Date(now.getTime() - 4 * DAY));
    const latest = await completed(p, new Date(now.getTime() - 2 * DAY));
    await session(p, new Date(now.getTime() - DAY), { outcome: "mentor_no_show", outcomeAt: new Date(now.getTime() - DAY) });
    expect(earlier.id).not.toBe(latest.id);
    expect(await promptOf(p.menteeToken, now)).toEqual({
      slotId: latest.id,
      mentorId: p.mentor.id,
      mentorName: `Asha ${p.mentor.lastName}`,
      mentorFirstName: "Asha",
      start: latest.startAt.toISOString(),
    });

    // She had written a review long ago: the tap changes its stars and keeps its words.
    await testDb()
      .insert(reviews)
      .values({
        menteeId: p.mentee.id,
        mentorId: p.mentor.id,
        rating: 2,
        text: "Helpful, but often late.",
        createdAt: new Date(now.getTime() - 90 * DAY),
      });
    const rated = await trpcAt(p.menteeToken, now).ratingPrompts.rate.mutate({ slotId: latest.id, rating: 4 });
    expect(rated).toEqual({ message: "Thanks! You rated Asha 4 stars.", mentorId: p.mentor.id, rating: 4 });
    const [review] = await testDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.menteeId, p.mentee.id), eq(reviews.mentorId, p.mentor.id)));
    expect(review).toMatchObject({ rating: 4, text: "Helpful, but often late.", updatedAt: now });
    const [mentor] = await testDb().select().from(mentors).where(eq(mentors.id, p.mentor.id));
    expect(mentor).toMatchObject({ ratingSum: 4, ratingCount: 1 });
    expect(await testDb().select().from(ratingPrompts).where(eq(ratingPrompts.menteeId, p.mentee.id))).toEqual([
      { menteeId: p.mentee.id, mentorId: p.mentor.id, slotId: latest.id, promptedAt: now, closedAt: now, count: 1 },
    ]);
    expect(await promptOf(p.menteeToken, now)).toBeNull();
    // A double tap counts once.
    await trpcAt(p.menteeToken, now).ratingPrompts.rate.mutate({ slotId: latest.id, rating: 5 });
    expect((await testDb().select().from(ratingPrompts).where(eq(ratingPrompts.menteeId, p.mentee.id)))[0].count).toBe(1);

    // A new session ten days later: inside the period, no prompt.
    const next = await completed(p, new Date(now.getTime() + 10 * DAY));
    expect(await promptOf(p.menteeToken, new Date(now.getTime() + 12 * DAY))).toBeNull();
    // Thirty days after the last prompt (and her review): that session is asked about.
    expect(await promptOf(p.menteeToken, new Date(now.getTime() + 30 * DAY))).toMatchObject({ slotId: next.id });
    expect(await promptOf(p.menteeToken, new Date(now.getTime() + 30 * DAY - MIN))).toBeNull();
    // And once that session is more than 30 days old, no longer.
    expect(await promptOf(p.menteeToken, new Date(now.getTime() + 41 * DAY))).toBeNull();
  });

  it("'Not now' closes it without a review; the period counts from then", async () => {
    const p = await pair();
    await createEnrollment(p.mentee.id, p.mentor.id);
    const now = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const slot = await completed(p, new Date(now.getTime() - DAY));
    expect((await promptOf(p.menteeToken, now))?.slotId).toBe(slot.id);
    expect(await trpcAt(p.menteeToken, now).ratingPrompts.dismiss.mutate({ slotId: slot.id })).toMatchObject({
      message: expect.any(String),
    });
    expect(await promptOf(p.menteeToken, now)).toBeNull();
    expect(await testDb().select().from(reviews).where(eq(reviews.menteeId, p.mentee.id))).toEqual([]);
    const later = await completed(p, new Date(now.getTime() + 5 * DAY));
    expect(await promptOf(p.menteeToken, new Date(now.getTime() + 29 * DAY))).toBeNull();
    expect((await promptOf(p.menteeToken, new Date(now.getTime() + 30 * DAY)))?.slotId).toBe(later.id);
    await trpcAt(p.menteeToken, new Date(now.getTime() + 30 * DAY)).ratingPrompts.dismiss.mutate({ slotId: later.id });
    expect((await testDb().select().from(ratingPrompts).where(eq(ratingPrompts.menteeId, p.mentee.id)))[0]).toMatchObject({
      slotId: later.id,
      count: 2,
    });
  });

  it("does not ask about a mentor she reviewed in the last 30 days, one she never subscribed to, or a session that was not completed", async () => {
    const now = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const reviewed = await pair();
    await createEnrollment(reviewed.mentee.id, reviewed.mentor.id);
    await completed(reviewed, new Date(now.getTime() - DAY));
    await testDb()
      .insert(reviews)
      .values({
        menteeId: reviewed.mentee.id,
        mentorId: reviewed.mentor.id,
        rating: 5,
        createdAt: new Date(now.getTime() - 40 * DAY),
        updatedAt: new Date(now.getTime() - 20 * DAY),
      });
    expect(await promptOf(reviewed.menteeToken, now)).toBeNull();
    expect(await promptOf(reviewed.menteeToken, new Date(now.getTime() + 11 * DAY))).not.toBeNull();

    const trialOnly = await pair();
    const trial = await session(trialOnly, new Date(now.getTime() - DAY), { type: "trial", outcome: "completed", outcomeAt: now });
    expect(await promptOf(trialOnly.menteeToken, now)).toBeNull();
    expect(await trpcOutcome(trpcAt(trialOnly.menteeToken, now).ratingPrompts.rate.mutate({ slotId: trial.id, rating: 5 }))).toMatchObject({
      status: 403,
    });

    const missed = await pair();
    await createEnrollment(missed.mentee.id, missed.mentor.id);
    const gone = await session(missed, new Date(now.getTime() - DAY), { outcome: "mentor_no_show", outcomeAt: now });
    expect(await promptOf(missed.menteeToken, now)).toBeNull();
    expect((await trpcOutcome(trpcAt(missed.menteeToken, now).ratingPrompts.rate.mutate({ slotId: gone.id, rating: 1 }))).status).toBe(404);
    // Another mentee cannot answer her prompt.
    expect((await trpcOutcome(trpcAt(reviewed.menteeToken, now).ratingPrompts.dismiss.mutate({ slotId: trial.id }))).status).toBe(404);
    expect(await trpcOutcome(trpcAt(reviewed.menteeToken, now).ratingPrompts.rate.mutate({ slotId: trial.id, rating: 6 }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Choose a rating from 1 to 5 stars/),
    });
  });
});
