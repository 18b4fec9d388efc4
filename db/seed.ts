import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { demoMentees, demoMentors, demoModerator, reviewTexts } from "./demo-data";
import { menteeRow, mentorRow, moderatorRow } from "./factories";
import { enrollments, mentees, mentors, mentorSkills, moderators, reviews } from "./schema";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo accounts, mentors, skills, past enrollments and reviews. Idempotent: every row is
 * keyed by an e-mail or a unique pair, so a second run inserts nothing and changes nothing.
 */
export async function seedDemoData(db: Db, passwordHash: string): Promise<void> {
  await db.insert(moderators).values(moderatorRow({ ...demoModerator, passwordHash })).onConflictDoNothing();
  await db.insert(mentees).values(demoMentees.map((m) => menteeRow({ ...m, passwordHash }))).onConflictDoNothing();
  await db
    .insert(mentors)
    .values(
      demoMentors.map((m) =>
        mentorRow({
          email: m.email,
          passwordHash,
          firstName: m.firstName,
          lastName: m.lastName,
          jobTitle: m.jobTitle,
          firmName: m.firmName,
          location: m.location,
          bio: m.bio,
          shortBio: m.shortBio ?? null,
          educationalQualification: m.education,
          hourlyRatePaise: m.rupees * 100,
          status: m.status ?? "approved",
          approvedAt: m.status ? null : new Date(),
        }),
      ),
    )
    .onConflictDoNothing();

  const menteeIds = new Map((await db.select({ id: mentees.id, email: mentees.email }).from(mentees)).map((r) => [r.email, r.id]));
  const mentorIds = new Map((await db.select({ id: mentors.id, email: mentors.email }).from(mentors)).map((r) => [r.email, r.id]));

  for (const [index, mentor] of demoMentors.entries()) {
    const mentorId = mentorIds.get(mentor.email)!;
    await db
      .insert(mentorSkills)
      .values(mentor.skills.map((name, i) => ({ mentorId, name, skillKey: name.toLowerCase(), createdAt: new Date(Date.UTC(2024, 0, 1) + i) })))
      .onConflictDoNothing();
    for (const [i, rating] of mentor.ratings.entries()) {
      const menteeId = menteeIds.get(demoMentees[i].email)!;
      const had = await db.query.enrollments.findFirst({ where: and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId)) });
      if (!had) {
        const start = Date.now() - (60 + index) * DAY;
        await db.insert(enrollments).values({
          menteeId,
          mentorId,
          status: "expired",
          amountPaise: mentor.rupees * 100,
          currentPeriodStart: new Date(start),
          currentPeriodEnd: new Date(start + 30 * DAY),
          activatedAt: new Date(start),
          createdAt: new Date(start),
        });
      }
      const texts = reviewTexts[rating];
      await db
        .insert(reviews)
        .values({ menteeId, mentorId, rating, text: texts[(index + i) % texts.length], createdAt: new Date(Date.now() - (40 - index - i) * DAY) })
        .onConflictDoNothing();
    }
  }

  // The denormalised rating of every mentor, recomputed from the reviews (idempotent).
  await db.run(sql`update mentors set
    rating_sum = (select coalesce(sum(rating), 0) from reviews where reviews.mentor_id = mentors.id),
    rating_count = (select count(*) from reviews where reviews.mentor_id = mentors.id)`);
}
