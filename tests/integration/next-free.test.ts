import { describe, expect, it } from "vitest";
import { mentorSkills, timeSlots } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * "Next free" for a signed-out visitor: the search's cards and the public profile name a mentor's earliest open slot
 * she could still book (beyond his notice, held for no one, not booked), read in the same statement as the cards.
 */
describe("next free time on cards and profiles", () => {
  it("is the earliest open slot beyond the mentor's notice and not held for someone; none without one", async () => {
    const word = `nfree${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
    const [mentor, bare] = await Promise.all([createMentor(), createMentor()]);
    await testDb()
      .insert(mentorSkills)
      .values([mentor, bare].map((m) => ({ mentorId: m.id, name: `${word} Coaching`, skillKey: `${word} coaching` })));
    const waiting = await createMentee();
    const base = Math.ceil(Date.now() / HOUR) * HOUR;
    const at = (ms: number) => new Date(base + ms);
    await testDb()
      .insert(timeSlots)
      .values([
        { mentorId: mentor.id, startAt: at(2 * HOUR), endAt: at(3 * HOUR), state: "open" }, // within the 12 h notice
        { mentorId: mentor.id, startAt: at(DAY), endAt: at(DAY + HOUR), state: "booked", menteeId: waiting.id }, // taken
        // Held for a waitlisted mentee for another 10 minutes.
        {
          mentorId: mentor.id,
          startAt: at(DAY + 2 * HOUR),
          endAt: at(DAY + 3 * HOUR),
          state: "open",
          heldFor: waiting.id,
          heldUntil: at(10 * 60_000),
        },
        { mentorId: mentor.id, startAt: at(2 * DAY), endAt: at(2 * DAY + HOUR), state: "open" },
        { mentorId: mentor.id, startAt: at(3 * DAY), endAt: at(3 * DAY + HOUR), state: "open" },
      ]);
    const cards = await trpc().mentors.search.query({ search: word });
    const byId = new Map(cards.map((c) => [c.id, c]));
    expect(byId.get(mentor.id)?.nextFreeAt).toBe(at(2 * DAY).toISOString());
    expect(byId.get(bare.id)?.nextFreeAt).toBeNull();
    expect((await trpc().mentors.profile.query({ mentorId: mentor.id })).mentor.nextFreeAt).toBe(at(2 * DAY).toISOString());
    expect((await trpc().mentors.profile.query({ mentorId: bare.id })).mentor.nextFreeAt).toBeNull();
  });
});
