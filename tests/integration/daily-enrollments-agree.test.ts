import { describe, expect, it } from "vitest";
import { dayIn } from "../../worker/statistics/count-per-day";
import { accessTokenFor, createMentee, createMentor } from "../support/accounts";
import { insertEarning } from "../support/earnings";
import { createEnrollment, createModerator } from "../support/moderation";
import { call } from "../support/scheduling";

/**
 * One definition of a new enrollment, a subscription's first paid month (worker/statistics/daily-enrollments.ts): the
 * mentor's dashboard and the moderator's home count the same payments day by day; a renewal, a first payment refunded
 * in full and a subscription with no payment on record are counted by neither.
 */

type Series = { date: string; count: number }[];
const countsOf = (series: Series) => new Map(series.map((d) => [d.date, d.count]));

/**
 * Both charts are read at an instant of their own (the `x-mentorlink-now` clock, honoured outside production), 400 days
 * ahead: their 30 days hold only this test's enrollments, whatever other tests add meanwhile and whenever the suite runs.
 */
const NOW = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000);

/** `hourUtc`:00 UTC `daysAgo` days before NOW's day (UTC). */
const at = (daysAgo: number, hourUtc: number) =>
  new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() - daysAgo, hourUtc));

describe("daily enrollments", () => {
  it("the mentor's dashboard and the moderator's home give the same counts for the same enrollments and zone", async () => {
    // A zone behind UTC: 03:00 UTC is the evening before in Los Angeles, so grouping by the UTC day would differ.
    const timeZone = "America/Los_Angeles";
    const mentor = await createMentor({ timeZone });
    const mentorToken = await accessTokenFor("mentor", mentor.id);
    const moderator = await createModerator();
    const moderatorSeries = async () =>
      countsOf(
        (await call("GET", `/api/moderator/daily-enrollments?timeZone=${timeZone}`, { token: moderator.token, now: NOW })).body
          .dailyEnrollmentData as Series,
      );
    const before = await moderatorSeries();

    const instants = [at(3, 18), at(9, 18), at(9, 20), at(16, 18), at(20, 3)];
    const people = await Promise.all(instants.map(() => createMentee()));
    await Promise.all(
      people.map(async (p, i) => {
        await createEnrollment(p.id, mentor.id, { activatedAt: instants[i], status: i === 1 ? "canceled" : "active" });
        // Its first paid month, recorded with it.
        await insertEarning(mentor.id, p.id, { paidAt: instants[i] });
      }),
    );

    // Counted by neither: a renewal a month on (a later invoice of the same subscription), a first payment refunded in
    // full, and a subscription activated with no payment on record (the moderator's chart once counted it).
    await insertEarning(mentor.id, people[0].id, { paidAt: at(2, 18) });
    const refunded = await createMentee();
    await insertEarning(mentor.id, refunded.id, { paidAt: at(5, 18), grossPaise: 800_000, refundedPaise: 800_000 });
    const unpaid = await createMentee();
    await createEnrollment(unpaid.id, mentor.id, { activatedAt: at(7, 18) });

    const after = await moderatorSeries();
    const mentorChart = (await call("GET", `/api/mentors/daily-enrollment-object/${mentor.id}`, { token: mentorToken, now: NOW })).body
      .enrollmentObject as Series;
    expect(mentorChart.map((d) => d.date)).toEqual([...after.keys()]);

    const days = [...new Set(instants.map((i) => dayIn(timeZone, i)))];
    expect(days).toContain(dayIn(timeZone, at(21, 12)));
    const mentorCounts = countsOf(mentorChart);
    for (const day of days) expect(mentorCounts.get(day)).toBe((after.get(day) ?? 0) - (before.get(day) ?? 0));
    // Nothing but these enrollments in the moderator's 30 days either.
    expect([...after.values()].reduce((n, c) => n + c, 0)).toBe(instants.length);
    expect(days.map((d) => mentorCounts.get(d))).toEqual([1, 2, 1, 1]);
    expect(mentorChart.reduce((n, d) => n + d.count, 0)).toBe(instants.length);
  });
});
