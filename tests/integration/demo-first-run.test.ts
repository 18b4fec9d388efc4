import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees, mentors } from "../../db/schema";
import { accessTokenFor, testDb } from "../support/accounts";
import { trpc } from "../support/api";

/**
 * The README's demo on the freshly seeded database of the suite, through the built Worker, read only (a test never
 * changes a demo account; tests/domain/demo-first-run.test.ts books on a database of its own): the main journey's
 * preconditions hold as the demo mentee sees them.
 */
describe("the demo on its first run", () => {
  it("Priya has calls left with Asha and an open time in her period she may book", async () => {
    const db = testDb();
    const [priya] = await db.select().from(mentees).where(eq(mentees.email, "mentee@example.com"));
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const schedule = await trpc(await accessTokenFor("mentee", priya.id)).scheduling.mentorSchedule.query({ mentorId: asha.id });
    expect(schedule.isEnrollmentActive).toBe(true);
    expect(schedule.callsLeft).toBeGreaterThanOrEqual(1);
    const periodEnd = new Date(schedule.periodEnd!).getTime();
    expect(schedule.timeSlots.some((s) => new Date(s.start).getTime() < periodEnd)).toBe(true);
    expect(schedule.nextBooking).not.toBeNull();
  });

  it("the other demo accounts are as the README lists them", async () => {
    const db = testDb();
    const byEmail = async (email: string) => (await db.select().from(mentees).where(eq(mentees.email, email)))[0];
    expect((await byEmail("sara.mentee@example.com")).emailVerifiedAt).toBeNull();
    expect((await byEmail("rahul.mentee@example.com")).locale).toBe("hi");
    expect((await byEmail("blocked.mentee@example.com")).isBlocked).toBe(true);
    const pending = await db.select().from(mentors).where(eq(mentors.email, "pending.one@example.com"));
    expect(pending[0].status).toBe("pending");
  });
});
