import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { expandWeeklyHours } from "../shared/weekly-hours";
import type { Db } from "./client";
import { demoMentees, demoMentors, demoModerator, reviewTexts } from "./demo-data";
import { menteeRow, mentorRow, moderatorRow } from "./factories";
import { enrollments, mentees, mentorSkills, mentors, moderators, reviews, timeSlots } from "./schema";
import { seedAttendanceDemo } from "./seed-attendance";
import { DEMO_WEEKLY_HOURS, seedAvailabilityDemo } from "./seed-availability";
import { seedAvatars } from "./seed-avatars";
import { seedChatDemo } from "./seed-chat";
import { seedLiveDemo } from "./seed-live";
import { seedModerationDemo } from "./seed-moderation";
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
  await seedResponsivenessDemo(db);
  await seedAttendanceDemo(db);
  await seedSessionNotesDemo(db);
  await seedNotificationSettingsDemo(db, menteeIds.get(demoMentees[0].email)!);

  // The denormalised rating of every mentor, recomputed from the reviews (idempotent).
  await db.run(sql`update mentors set
    rating_sum = (select coalesce(sum(rating), 0) from reviews where reviews.mentor_id = mentors.id),
    rating_count = (select count(*) from reviews where reviews.mentor_id = mentors.id)`);
}

/** The demo subscription's Stripe id; the local Stripe draws its objects from this enrollment (worker/dev/local-stripe/demo.ts). */
export const DEMO_SUBSCRIPTION_ID = "sub_demo_priya_asha";

/**
 * The demo mentee's one active subscription, to the demo mentor, in its 11th day. Keyed by the
 * Stripe subscription id: once seeded (even if later canceled on the development page), a second
 * run changes nothing.
 */
async function seedDemoSubscription(db: Db, menteeId: string, mentorId: string, hourlyRatePaise: number) {
  const seeded = await db.query.enrollments.findFirst({
    where: eq(enrollments.stripeSubscriptionId, DEMO_SUBSCRIPTION_ID),
    columns: { id: true },
  });
  if (seeded) return;
  const start = new Date(Date.now() - 10 * DAY);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  await db.insert(enrollments).values({
    menteeId,
    mentorId,
    status: "active",
    amountPaise: 4 * hourlyRatePaise,
    stripeSubscriptionId: DEMO_SUBSCRIPTION_ID,
    stripeCustomerId: "cus_demo_priya",
    stripePriceId: "price_demo_asha",
    currentPeriodStart: start,
    currentPeriodEnd: end,
    activatedAt: start,
    createdAt: start,
  });
}

const HOUR = 60 * 60 * 1000;

/**
 * The demo mentor's hand-made slots around today (relative to the current date, so they never go
 * stale), each at a start of her weekly hours (Tue/Thu 18-21, Sat 10-13 in Kolkata; DEMO_WEEKLY_HOURS)
 * but one: the session running now, booked by the demo mentee so "Go Live" and "Join session" open a
 * live room at once (ADR 0015), which is "now" whatever her hours. Then two bookings of the demo mentee
 * in her hours (her next one, which seedMovesDemo shows as moved, and a past one) and an open slot with
 * a title; the seed's weekly hours add the rest of her open slots. Keyed by the mentor and the start:
 * a second run the same day adds nothing, and a run on a later day adds only what is missing.
 */
async function seedDemoSlots(db: Db, menteeId: string, mentorId: string) {
  await db
    .update(mentors)
    .set({ timeZone: "Asia/Kolkata" })
    .where(and(eq(mentors.id, mentorId), sql`${mentors.timeZone} is null`));
  const zone = "Asia/Kolkata";
  const now = Date.now();
  // Whole UTC hours plus 30 minutes are whole hours in India (UTC+5:30).
  const base = Math.floor(now / HOUR) * HOUR + HOUR / 2;
  const runningNow = base > now ? base - HOUR : base;
  // Starts of her weekly hours: the past fortnight, and the coming four weeks (after the running session).
  const past = expandWeeklyHours(DEMO_WEEKLY_HOURS, zone, now - 14 * 24 * HOUR, now - 24 * HOUR);
  const coming = expandWeeklyHours(DEMO_WEEKLY_HOURS, zone, runningNow + HOUR, now + 28 * 24 * HOUR);
  const plan: { at: number; booked?: boolean; title?: string }[] = [
    { at: runningNow, booked: true, title: "Live now: try the video call" },
    ...(past.length ? [{ at: past[past.length - 1], booked: true, title: "Career planning" }] : []),
    ...(coming.length ? [{ at: coming[0], booked: true, title: "Mock interview" }] : []),
    ...(coming.length > 3 ? [{ at: coming[3], title: "System design review" }] : []),
  ];
  const existing = await db.select({ start: timeSlots.startAt }).from(timeSlots).where(eq(timeSlots.mentorId, mentorId));
  const taken = (at: number) => existing.some((e) => Math.abs(e.start.getTime() - at) < HOUR);
  for (const slot of plan) {
    if (taken(slot.at)) continue;
    await db
      .insert(timeSlots)
      .values({
        mentorId,
        startAt: new Date(slot.at),
        endAt: new Date(slot.at + HOUR),
        state: slot.booked ? "booked" : "open",
        type: "session",
        menteeId: slot.booked ? menteeId : null,
        bookedAt: slot.booked ? new Date(slot.at - 5 * 24 * HOUR) : null,
        title: slot.title ?? null,
        createdAt: new Date(slot.at - 6 * 24 * HOUR),
      })
      .onConflictDoNothing();
    existing.push({ start: new Date(slot.at) });
  }
}
