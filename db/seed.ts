import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "./client";
import { demoMentees, demoMentors, demoModerator, reviewTexts } from "./demo-data";
import { menteeRow, mentorRow, moderatorRow } from "./factories";
import { enrollments, mentees, mentorSkills, mentors, moderators, reviews } from "./schema";
import { seedAttendanceDemo } from "./seed-attendance";
import { seedAvailabilityDemo } from "./seed-availability";
import { seedAvatars } from "./seed-avatars";
import { seedChatDemo } from "./seed-chat";
import { seedDemoSlots, seedDemoSubscription } from "./seed-demo-pair";
import { seedLiveDemo } from "./seed-live";
import { seedModerationDemo, seedNewcomerPayments } from "./seed-moderation";
import { seedMovesDemo } from "./seed-moves";
import { seedNotificationSettingsDemo } from "./seed-notification-settings";
import { seedPayoutsDemo } from "./seed-payouts";
import { seedResponsivenessDemo } from "./seed-responsiveness";
import { seedSessionNotesDemo } from "./seed-session-notes";

const DAY = 24 * 60 * 60 * 1000;

/** The one demo account whose address was never proven: signing in as her shows "verify your e-mail". */
export const UNVERIFIED_DEMO_MENTEE = "sara.mentee@example.com";
/** Signs in to the app in Hindi (ADR 0027). */
export const HINDI_DEMO_MENTEE = "rahul.mentee@example.com";

/**
 * Seeds the demo accounts, mentors, skills, past enrollments and reviews. Idempotent: every row is
 * keyed by an e-mail or a unique pair, so a second run inserts nothing and changes nothing.
 */
export async function seedDemoData(db: Db, passwordHash: string): Promise<void> {
  await db
    .insert(moderators)
    .values(moderatorRow({ ...demoModerator, passwordHash }))
    .onConflictDoNothing();
  await db
    .insert(mentees)
    .values(
      demoMentees.map((m) => menteeRow({ ...m, passwordHash, emailVerifiedAt: m.email === UNVERIFIED_DEMO_MENTEE ? null : new Date() })),
    )
    .onConflictDoNothing();
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

  // A database seeded before addresses were proven (ADR 0019) has none: the demo accounts get theirs once.
  const provenMentees = demoMentees.map((m) => m.email).filter((email) => email !== UNVERIFIED_DEMO_MENTEE);
  await db
    .update(mentees)
    .set({ emailVerifiedAt: new Date() })
    .where(and(inArray(mentees.email, provenMentees), isNull(mentees.emailVerifiedAt)));
  await db
    .update(mentors)
    .set({ emailVerifiedAt: new Date() })
    .where(
      and(
        inArray(
          mentors.email,
          demoMentors.map((m) => m.email),
        ),
        isNull(mentors.emailVerifiedAt),
      ),
    );

  // One demo mentee reads the app in Hindi (until he picks another language in the switcher).
  await db
    .update(mentees)
    .set({ locale: "hi" })
    .where(and(eq(mentees.email, HINDI_DEMO_MENTEE), isNull(mentees.locale)));

  const menteeIds = new Map((await db.select({ id: mentees.id, email: mentees.email }).from(mentees)).map((r) => [r.email, r.id]));
  const mentorIds = new Map((await db.select({ id: mentors.id, email: mentors.email }).from(mentors)).map((r) => [r.email, r.id]));

  for (const [index, mentor] of demoMentors.entries()) {
    const mentorId = mentorIds.get(mentor.email)!;
    await db
      .insert(mentorSkills)
      .values(
        mentor.skills.map((name, i) => ({ mentorId, name, skillKey: name.toLowerCase(), createdAt: new Date(Date.UTC(2024, 0, 1) + i) })),
      )
      .onConflictDoNothing();
    for (const [i, rating] of mentor.ratings.entries()) {
      const menteeId = menteeIds.get(demoMentees[i].email)!;
      const had = await db.query.enrollments.findFirst({
        where: and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId)),
      });
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
        .values({
          menteeId,
          mentorId,
          rating,
          text: texts[(index + i) % texts.length],
          createdAt: new Date(Date.now() - (40 - index - i) * DAY),
        })
        .onConflictDoNothing();
    }
  }

  await seedDemoSubscription(db, menteeIds.get(demoMentees[0].email)!, mentorIds.get(demoMentors[0].email)!, demoMentors[0].rupees * 100);
  await seedAvatars(db);
  await seedModerationDemo(db, passwordHash);
  await seedChatDemo(db, {
    priya: menteeIds.get(demoMentees[0].email)!,
    rahul: menteeIds.get(demoMentees[1].email)!,
    asha: mentorIds.get(demoMentors[0].email)!,
  });

  await seedDemoSlots(db, menteeIds.get(demoMentees[0].email)!, mentorIds.get(demoMentors[0].email)!);
  await seedAvailabilityDemo(db, mentorIds.get(demoMentors[0].email)!);
  await seedMovesDemo(db, menteeIds.get(demoMentees[0].email)!, mentorIds.get(demoMentors[0].email)!);
  await seedLiveDemo(db, menteeIds.get(demoMentees[0].email)!, mentorIds.get(demoMentors[0].email)!);
  await seedPayoutsDemo(db);
  await seedNewcomerPayments(db);
  await seedResponsivenessDemo(db);
  await seedAttendanceDemo(db);
  await seedSessionNotesDemo(db);
  await seedNotificationSettingsDemo(db, menteeIds.get(demoMentees[0].email)!);

  // The denormalised rating of every mentor, recomputed from the reviews (idempotent).
  await db.run(sql`update mentors set
    rating_sum = (select coalesce(sum(rating), 0) from reviews where reviews.mentor_id = mentors.id),
    rating_count = (select count(*) from reviews where reviews.mentor_id = mentors.id)`);
}

export { DEMO_SUBSCRIPTION_ID } from "./seed-demo-pair";
