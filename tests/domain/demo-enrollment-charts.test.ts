import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors, moderators } from "../../db/schema";
import { seedDemoData } from "../../db/seed";
import { openSession } from "../../worker/accounts/sessions";
import { callerAt, domainDb, useDomainDb } from "../support/domain";

/**
 * The seeded demo's charts of new enrollments (a subscription's first paid month, worker/statistics/daily-enrollments.ts):
 * the moderator's home shows the newcomers' subscriptions, and counts exactly what the mentors' dashboards count, day by
 * day, on a database of this file's own seeded as `npm run dev` seeds it.
 */
useDomainDb();

const ZONE = "Asia/Kolkata";

describe("the demo's enrollment charts", () => {
  it("the moderator's chart is not empty and is the sum of every mentor's chart", async () => {
    await seedDemoData(domainDb(), "unused-hash");
    const now = new Date();
    const [moderator] = await domainDb()
      .select({ id: moderators.id })
      .from(moderators)
      .where(eq(moderators.email, "moderator@example.com"));
    const { sessionId } = await openSession(domainDb(), { role: "moderator", userId: moderator.id });
    const platform = await callerAt({ id: moderator.id, role: "moderator", sid: sessionId }, now).moderation.dailyEnrollments({
      timeZone: ZONE,
    });
    const total = platform.reduce((n, d) => n + d.count, 0);
    // The newcomers subscribed over the last four weeks, one or two a day on eight days.
    expect(total).toBeGreaterThanOrEqual(8);
    expect(platform.filter((d) => d.count > 0).length).toBeGreaterThanOrEqual(6);

    const sum = new Map(platform.map((d) => [d.date, 0]));
    const everyMentor = await domainDb()
      .select({ id: mentors.id, email: mentors.email, zone: mentors.timeZone, status: mentors.status })
      .from(mentors);
    for (const mentor of everyMentor.filter((m) => m.status === "approved")) {
      // The same days: every demo mentor's zone is the product's default (his dashboard counts in his zone).
      expect(mentor.zone ?? ZONE).toBe(ZONE);
      const { sessionId: sid } = await openSession(domainDb(), { role: "mentor", userId: mentor.id });
      const chart = await callerAt({ id: mentor.id, role: "mentor", sid }, now).scheduling.dailyEnrollments();
      for (const day of chart) sum.set(day.date, (sum.get(day.date) ?? 0) + day.count);
      // The demo mentor's dashboard is not empty either: her newest subscriber's first month (Priya's was renewed).
      if (mentor.email === "mentor@example.com") expect(chart.reduce((n, d) => n + d.count, 0)).toBe(1);
    }
    expect(Object.fromEntries(sum)).toEqual(Object.fromEntries(platform.map((d) => [d.date, d.count])));
  });
});
