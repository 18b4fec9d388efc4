import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { earnings, enrollments, mentees, mentors } from "../../db/schema";
import { DEMO_SUBSCRIPTION_ID, seedDemoData } from "../../db/seed";
import { openSession } from "../../worker/accounts/sessions";
import { type Account, callerAt, domainDb, useDomainDb } from "../support/domain";

/**
 * The demo as a person finds it on the first `npm run dev`: the README's main journey (the demo mentee books a session
 * with Asha) works, on a database of this file's own seeded exactly as `npm run dev` seeds it, so the booking here
 * changes no shared demo account. A restart hours later must not spend her calls either.
 */
useDomainDb();

const HOUR = 60 * 60 * 1000;

async function demoAccount(role: "mentee" | "mentor", email: string): Promise<Account> {
  const table = role === "mentee" ? mentees : mentors;
  const [row] = await domainDb().select({ id: table.id }).from(table).where(eq(table.email, email));
  const { sessionId } = await openSession(domainDb(), { role, userId: row.id });
  return { id: row.id, role, sid: sessionId };
}

afterAll(() => vi.useRealTimers());

describe("the demo on its first run", () => {
  it("lets Priya book a session with Asha, and a restart hours later leaves her calls as they were", async () => {
    await seedDemoData(domainDb(), "unused-hash");
    const priya = await demoAccount("mentee", "mentee@example.com");
    const asha = await demoAccount("mentor", "mentor@example.com");
    const now = new Date();

    const schedule = await callerAt(priya, now).scheduling.mentorSchedule({ mentorId: asha.id });
    expect(schedule.isEnrollmentActive).toBe(true);
    // Her subscription was renewed two days ago with its payment: the current period's four calls hold her live session
    // and her next booking, so two are left (her session with notes was in her first month).
    expect(schedule.callsLeft).toBeGreaterThanOrEqual(2);
    const [subscription] = await domainDb().select().from(enrollments).where(eq(enrollments.stripeSubscriptionId, DEMO_SUBSCRIPTION_ID));
    const paid = await domainDb().select().from(earnings).where(eq(earnings.enrollmentId, subscription.id)).orderBy(asc(earnings.paidAt));
    expect(paid.map((e) => e.paidAt.getTime())).toEqual([subscription.activatedAt!.getTime(), subscription.currentPeriodStart!.getTime()]);
    expect(subscription.currentPeriodStart!.getTime()).toBeLessThan(now.getTime());
    const periodEnd = new Date(schedule.periodEnd!).getTime();
    const inPeriod = schedule.timeSlots.filter((s) => new Date(s.start).getTime() < periodEnd);
    expect(inPeriod.length).toBeGreaterThan(0);

    // The README's other journeys as her: her home has a next session and the rating prompt; her bookings hold the
    // session running now (Join), the one Asha missed (Book another time) and the moved one.
    const home = await callerAt(priya, now).mentees.home({});
    expect(home.nextSession).toMatchObject({ mentorName: expect.stringMatching(/Asha Rao/) });
    expect(home.ratingPrompt).toMatchObject({ mentorId: asha.id });
    expect(home.subscriptions[0]).toMatchObject({ mentorId: asha.id, status: "active" });
    const bookings = await callerAt(priya, now).scheduling.myBookings();
    const all = JSON.stringify(bookings);
    expect(all).toContain("mentor_no_show");
    expect(all).toContain("Live now: try the video call");

    const booked = await callerAt(priya, now).scheduling.book({ slotId: inPeriod[0].id, agenda: "Trying the demo" });
    expect(booked).toMatchObject({ id: inPeriod[0].id });
    const after = await callerAt(priya, now).scheduling.mentorSchedule({ mentorId: asha.id });
    expect(after.callsLeft).toBe(schedule.callsLeft - 1);

    // `npm run dev` started again three hours later: the live session follows the clock, her calls stay.
    const later = new Date(now.getTime() + 3 * HOUR);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(later);
    await seedDemoData(domainDb(), "unused-hash");
    const restarted = await callerAt(priya, later).scheduling.mentorSchedule({ mentorId: asha.id });
    expect(restarted.callsLeft).toBe(after.callsLeft);
    const live = await callerAt(asha, later).scheduling.liveSessions();
    expect(live.some((s) => new Date(s.start).getTime() <= later.getTime())).toBe(true);
    vi.useRealTimers();
  });
});
