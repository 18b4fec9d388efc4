import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, mentors, tickets, timeSlots } from "../../db/schema";
import { rowGrantsAccess } from "../../worker/payments/enrollment-status";
import { translateSentence } from "../../worker/platform/i18n/sentences";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { rest, trpc } from "../support/api";
import { createEnrollment, createModerator } from "../support/moderation";

/** The Mentors List counts each mentor's active subscriptions; an attendance dispute's ticket names the outcome in the third person. */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe("Mentors List: active subscribers", () => {
  it("counts the mentor's access-granting subscriptions only, on tRPC and on REST (SPEC §7's fields unchanged)", async () => {
    const moderator = await createModerator();
    const [mentor, other] = await Promise.all([createMentor(), createMentor()]);
    const people = await Promise.all(Array.from({ length: 5 }, () => createMentee()));
    const longAgo = new Date(Date.now() - 90 * DAY);
    await createEnrollment(people[0].id, mentor.id);
    await createEnrollment(people[1].id, mentor.id);
    // Not counted: a checkout never paid, an ended one, one whose period ran out after it was set to end.
    await createEnrollment(people[2].id, mentor.id, { status: "pending", activatedAt: null, currentPeriodEnd: null });
    await createEnrollment(people[3].id, mentor.id, { status: "expired", endedAt: new Date() });
    await createEnrollment(people[4].id, mentor.id, { activatedAt: longAgo, cancelAtPeriodEnd: true });
    // Another mentor's subscription is never his.
    await createEnrollment(people[0].id, other.id, { status: "canceled" });

    const api = trpc(moderator.token).moderation;
    const [row] = (await api.mentors.query({ search: mentor.email })).items;
    expect(row).toMatchObject({ id: mentor.id, subscribers: 2 });
    expect((await api.mentors.query({ search: other.email })).items[0]).toMatchObject({ id: other.id, subscribers: 0 });

    const legacy = await rest("GET", `/api/moderator/mentors?search=${encodeURIComponent(mentor.email)}`, { token: moderator.token });
    const [shown] = legacy.body.mentors as Record<string, unknown>[];
    expect(shown).toMatchObject({ _id: mentor.id, subscribers: 2 });
    expect(Object.keys(shown).sort()).toEqual(
      [
        "_id",
        "attendance",
        "email",
        "firmName",
        "firstName",
        "isBlocked",
        "joinedAt",
        "jobTitle",
        "lastName",
        "phone",
        "profileImageUrl",
        "rating",
        "ratingCount",
        "subscribers",
      ].sort(),
    );
  });

  it("the demo mentor's count is her active subscriptions (Priya's among them)", async () => {
    const moderator = await createModerator();
    const [asha] = await testDb().select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const now = new Date();
    const active = (await testDb().select().from(enrollments).where(eq(enrollments.mentorId, asha.id))).filter((e) =>
      rowGrantsAccess(e, now),
    );
    expect(active.length).toBeGreaterThan(0);
    // Her address is inside others' ("dev.mentor@example.com"): pick her row by id.
    const row = (await trpc(moderator.token).moderation.mentors.query({ search: asha.email })).items.find((m) => m.id === asha.id);
    expect(row?.subscribers).toBe(active.length);
  });
});

describe("an attendance dispute's ticket", () => {
  it("names the recorded outcome as the moderator's box does, for the moderator and on the disputing person's own list", async () => {
    const moderator = await createModerator();
    const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
    const mentee = await createMentee();
    const start = new Date(Date.now() - 3 * HOUR);
    const [slot] = await testDb()
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        menteeId: mentee.id,
        startAt: start,
        endAt: new Date(start.getTime() + HOUR / 2),
        state: "booked",
        type: "trial",
        bookedAt: new Date(start.getTime() - DAY),
        outcome: "both_no_show",
        outcomeAt: new Date(Date.now() - HOUR),
      })
      .returning();
    const mentorToken = await accessTokenFor("mentor", mentor.id);
    const { ticketId } = await trpc(mentorToken).attendance.dispute.mutate({ slotId: slot.id, what: "I was in the room." });
    try {
      const sentence = /^Attendance dispute about the intro call of .+, recorded as "Missed by both"\. I was in the room\.$/;
      const [own] = await trpc(mentorToken).tickets.mine.query();
      expect(own).toMatchObject({ id: ticketId, kind: "attendance" });
      expect(own.content).toMatch(sentence);
      expect(own.content).not.toMatch(/Nobody joined|you did not join/);
      // A Hindi reader reads the outcome in the words of the moderator's box in Hindi.
      expect(translateSentence(own.content, "hi")).toMatch(/"दोनों शामिल नहीं हुए" के रूप में दर्ज है। I was in the room\.$/);

      // Open tickets of other tests may come first: page until it is there.
      let seen: { content: string; session?: { outcome: string | null } | null } | undefined;
      for (let page = 1; !seen && page <= 30; page++) {
        const queue = await trpc(moderator.token).moderation.tickets.query({ page });
        seen = queue.items.find((t) => t.id === ticketId);
        if (queue.items.length === 0) break;
      }
      expect(seen?.content).toMatch(sentence);
      expect(seen?.session?.outcome).toBe("both_no_show");
    } finally {
      await testDb()
        .update(tickets)
        .set({ status: "resolved", resolution: "outcome_kept", resolvedAt: new Date() })
        .where(eq(tickets.id, ticketId));
    }
  });
});
