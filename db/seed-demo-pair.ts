import { and, eq, gt, lte, sql } from "drizzle-orm";
import { expandWeeklyHours } from "../shared/weekly-hours";
import type { Db } from "./client";
import { enrollments, mentors, timeSlots } from "./schema";
import { DEMO_WEEKLY_HOURS } from "./seed-availability";

/**
 * The demo mentee's subscription to the demo mentor and the slots they share around today: what makes "Go Live",
 * "Join session", booking and the calls left work on a fresh `npm run dev`.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The demo subscription's Stripe id; the local Stripe draws its objects from this enrollment (worker/dev/local-stripe/demo.ts). */
export const DEMO_SUBSCRIPTION_ID = "sub_demo_priya_asha";

/**
 * The demo mentee's one active subscription, to the demo mentor, renewed two days ago: she subscribed a month
 * before that, and both months were paid (db/seed-payouts.ts writes the two payments). Her first month holds the
 * session with notes (seedSessionNotesDemo); the current one her live session and her next booking, so two of its
 * four calls are left. Keyed by the Stripe subscription id: once seeded (even if later canceled on the development
 * page), a second run changes nothing.
 */
export async function seedDemoSubscription(db: Db, menteeId: string, mentorId: string, hourlyRatePaise: number) {
  const seeded = await db.query.enrollments.findFirst({
    where: eq(enrollments.stripeSubscriptionId, DEMO_SUBSCRIPTION_ID),
    columns: { id: true },
  });
  if (seeded) return;
  const start = new Date(Date.now() - 2 * DAY);
  const subscribed = new Date(start);
  subscribed.setUTCMonth(subscribed.getUTCMonth() - 1);
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
    activatedAt: subscribed,
    createdAt: subscribed,
  });
}

const HOUR = 60 * 60 * 1000;
const LIVE_DEMO_TITLE = "Live now: try the video call";
const NEXT_DEMO_TITLE = "Mock interview";
const EARLIER_DEMO_TITLE = "Career planning";
const OPEN_DEMO_TITLE = "System design review";

/**
 * The demo mentor's hand-made slots around today (relative to the current date, so they never go
 * stale), each at a start of her weekly hours (Tue/Thu 18-21, Sat 10-13 in Kolkata; DEMO_WEEKLY_HOURS)
 * but one: the session running now, booked by the demo mentee so "Go Live" and "Join session" open a
 * live room at once (ADR 0015), which is "now" whatever her hours. Then her next booking in Asha's hours
 * (which seedMovesDemo shows as moved), a past one from her earlier subscription to Asha (so it uses no
 * call of this period) and an open slot with a title; the seed's weekly hours add the rest of her open slots.
 *
 * Her current period then holds the live session and her next booking (the session with notes,
 * seedSessionNotesDemo, was in her first month): two calls of four are left, so booking with Asha works from the first run.
 * Each kind is seeded once: a later run (a restart hours or days on) moves the live session to the new
 * "now" when nobody joined it, instead of booking another one, and adds no second next booking, so
 * restarting `npm run dev` never spends her calls.
 */
export async function seedDemoSlots(db: Db, menteeId: string, mentorId: string) {
  await db
    .update(mentors)
    .set({ timeZone: "Asia/Kolkata" })
    .where(and(eq(mentors.id, mentorId), sql`${mentors.timeZone} is null`));
  const zone = "Asia/Kolkata";
  const now = Date.now();
  // Whole UTC hours plus 30 minutes are whole hours in India (UTC+5:30).
  const base = Math.floor(now / HOUR) * HOUR + HOUR / 2;
  const runningNow = base > now ? base - HOUR : base;
  const pair = and(eq(timeSlots.mentorId, mentorId), eq(timeSlots.menteeId, menteeId), eq(timeSlots.state, "booked"));
  const existing = await db
    .select({ id: timeSlots.id, start: timeSlots.startAt, end: timeSlots.endAt, title: timeSlots.title, menteeId: timeSlots.menteeId })
    .from(timeSlots)
    .where(eq(timeSlots.mentorId, mentorId));
  const taken = (at: number) => existing.some((e) => Math.abs(e.start.getTime() - at) < HOUR);
  const add = async (slot: { at: number; booked?: boolean; title: string }) => {
    if (taken(slot.at)) return;
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
        title: slot.title,
        createdAt: new Date(slot.at - 6 * 24 * HOUR),
      })
      .onConflictDoNothing();
    existing.push({ id: "", start: new Date(slot.at), end: new Date(slot.at + HOUR), title: slot.title, menteeId });
  };

  await seedLiveSession(db, { mentorId, menteeId, runningNow, now, pair, add });

  // A session of her earlier subscription to Asha (30 to 60 days ago), once.
  if (!existing.some((e) => e.title === EARLIER_DEMO_TITLE && e.menteeId === menteeId)) {
    const earlier = expandWeeklyHours(DEMO_WEEKLY_HOURS, zone, now - 44 * 24 * HOUR, now - 32 * 24 * HOUR);
    if (earlier.length) await add({ at: earlier[earlier.length - 1], booked: true, title: EARLIER_DEMO_TITLE });
  }
  // Her next booking, unless she has one ahead already (a restart on a later day adds none).
  const coming = expandWeeklyHours(DEMO_WEEKLY_HOURS, zone, runningNow + HOUR, now + 28 * 24 * HOUR);
  const ahead = await db.query.timeSlots.findFirst({
    where: and(pair, gt(timeSlots.startAt, new Date(runningNow + HOUR))),
    columns: { id: true },
  });
  if (!ahead && coming.length) await add({ at: coming[0], booked: true, title: NEXT_DEMO_TITLE });
  if (coming.length > 3 && !existing.some((e) => e.title === OPEN_DEMO_TITLE && e.start.getTime() > now)) {
    await add({ at: coming[3], title: OPEN_DEMO_TITLE });
  }
}

/**
 * The demo pair's session running now. A live session seeded by an earlier run that has ended with
 * nobody in its room never happened: it moves to now (its settled outcome cleared), so restarts do not
 * book a call each. One somebody joined stays in her history, and a new one is booked.
 */
async function seedLiveSession(
  db: Db,
  p: {
    mentorId: string;
    menteeId: string;
    runningNow: number;
    now: number;
    pair: ReturnType<typeof and>;
    add: (slot: { at: number; booked?: boolean; title: string }) => Promise<void>;
  },
) {
  const running = await db.query.timeSlots.findFirst({
    where: and(p.pair, lte(timeSlots.startAt, new Date(p.now)), gt(timeSlots.endAt, new Date(p.now))),
    columns: { id: true },
  });
  if (running) return;
  const [unattended] = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(
      and(
        p.pair,
        eq(timeSlots.title, LIVE_DEMO_TITLE),
        lte(timeSlots.endAt, new Date(p.now)),
        sql`not exists (select 1 from live_presence lp where lp.slot_id = ${timeSlots.id})`,
      ),
    )
    .limit(1);
  const clear = sql`not exists (select 1 from time_slots o where o.mentor_id = ${p.mentorId} and o.state <> 'deleted' and o.start_at < ${p.runningNow + HOUR} and o.end_at > ${p.runningNow})`;
  if (unattended) {
    await db
      .update(timeSlots)
      .set({ startAt: new Date(p.runningNow), endAt: new Date(p.runningNow + HOUR), outcome: null, outcomeAt: null, disputedAt: null })
      .where(and(eq(timeSlots.id, unattended.id), clear));
    return;
  }
  await p.add({ at: p.runningNow, booked: true, title: LIVE_DEMO_TITLE });
}
