import { describe, expect, it } from "vitest";
import { dayIn, latestDays } from "../../worker/statistics/count-per-day";
import { createMentee, createMentor } from "../support/accounts";
import { rest, trpc } from "../support/api";
import { insertEarning } from "../support/earnings";
import { createModerator } from "../support/moderation";

/** Daily enrollments and new mentees for the latest 30 days, zero days included, in the moderator's time zone. */

type Series = { date: string; count: number }[];
const countsOf = (series: Series) => new Map(series.map((d) => [d.date, d.count]));

/** 12:00 UTC `daysAgo` days before today (UTC); far from day boundaries in UTC and Asia/Kolkata. */
const noonUtc = (daysAgo: number, hourUtc = 12) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hourUtc));
};

describe("daily statistics", () => {
  it("is the latest 30 days, oldest first, ending today in the given time zone, with zero days", async () => {
    const moderator = await createModerator();
    for (const timeZone of ["UTC", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const series = await trpc(moderator.token).moderation.dailyNewMentees.query({ timeZone });
      expect(series.map((d) => d.date)).toEqual(latestDays(timeZone, new Date()));
      expect(series.at(-1)!.date).toBe(dayIn(timeZone, new Date()));
      expect(series.every((d) => Number.isInteger(d.count) && d.count >= 0)).toBe(true);
    }
    const rest30 = await rest("GET", "/api/moderator/daily-enrollments?timeZone=Asia/Kolkata", { token: moderator.token });
    expect(rest30.body.dailyEnrollmentData).toHaveLength(30);
    expect(rest30.body.dailyEnrollmentData).toContainEqual({ _id: expect.any(Object), date: expect.any(String), count: 0 });
  });

  it("counts new mentees and enrollments on their day in the moderator's zone, and nothing older than 30 days", async () => {
    const moderator = await createModerator();
    const read = async (timeZone: string) => ({
      mentees: countsOf(await trpc(moderator.token).moderation.dailyNewMentees.query({ timeZone })),
      enrollments: countsOf(await trpc(moderator.token).moderation.dailyEnrollments.query({ timeZone })),
    });
    const before = { utc: await read("UTC"), ist: await read("Asia/Kolkata") };

    // 20:00 UTC six days ago is 01:30 the next day in India (UTC+5:30).
    const lateEvening = noonUtc(6, 20);
    const twoOnOneDay = noonUtc(12);
    const tooOld = noonUtc(31);
    const mentor = await createMentor();
    const people = await Promise.all([lateEvening, twoOnOneDay, twoOnOneDay, tooOld].map((at) => createMentee({ createdAt: at })));
    await Promise.all(
      // Each subscription's first paid month: what a new enrollment is, for the moderator as for the mentor.
      people.map((m, i) => insertEarning(mentor.id, m.id, { paidAt: [lateEvening, twoOnOneDay, twoOnOneDay, tooOld][i] })),
    );

    const after = { utc: await read("UTC"), ist: await read("Asia/Kolkata") };
    const delta = (zone: "utc" | "ist", kind: "mentees" | "enrollments", day: string) =>
      (after[zone][kind].get(day) ?? 0) - (before[zone][kind].get(day) ?? 0);
    for (const kind of ["mentees", "enrollments"] as const) {
      expect(delta("utc", kind, dayIn("UTC", lateEvening))).toBe(1);
      expect(delta("ist", kind, dayIn("Asia/Kolkata", lateEvening))).toBe(1);
      expect(dayIn("Asia/Kolkata", lateEvening)).not.toBe(dayIn("UTC", lateEvening));
      expect(delta("ist", kind, dayIn("UTC", lateEvening))).toBe(0);
      expect(delta("utc", kind, dayIn("UTC", twoOnOneDay))).toBe(2);
      expect(after.utc[kind].has(dayIn("UTC", tooOld))).toBe(false);
    }
    // Nothing else moved on the past days. Today and yesterday may change with other tests running: the moderation
    // journey creates mentees over the last half hour, which is yesterday's in the first half hour of a UTC day.
    const recent = [dayIn("UTC", new Date()), dayIn("UTC", new Date(Date.now() - 24 * 60 * 60 * 1000))];
    const changed = [...after.utc.mentees.keys()].filter((d) => !recent.includes(d) && delta("utc", "mentees", d) !== 0);
    expect(changed.sort()).toEqual([dayIn("UTC", lateEvening), dayIn("UTC", twoOnOneDay)].sort());
  });

  it("the home counts what waits for a moderator", async () => {
    const moderator = await createModerator();
    const home = await trpc(moderator.token).moderation.home.query({ timeZone: "Asia/Kolkata" });
    expect(home).toEqual({
      pendingApplicants: expect.any(Number),
      openTickets: expect.any(Number),
      activeSubscriptions: expect.any(Number),
      newMenteesToday: expect.any(Number),
    });
    await createMentee();

    const later = await trpc(moderator.token).moderation.home.query({ timeZone: "Asia/Kolkata" });
    expect(later.newMenteesToday).toBeGreaterThanOrEqual(home.newMenteesToday + 1);
  });
});
