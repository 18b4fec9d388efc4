import type { NotificationView } from "../notifications/notifications";
import type { createCaller } from "../trpc/router";
import { legacyMentorProfile } from "./legacy-shapes";
import type { RestCaller } from "./ownership";

type Caller = ReturnType<typeof createCaller>;

/**
 * `GET /api/mentees/mentor/profile/{id}`: `mentorData` and `isEnrollmentActive`. A signed-in mentee reads the
 * mentor's Stripe Price id as `stripePriceId` (SPEC §3), made now if the mentor has none yet, because the
 * original client's Subscribe sends it back to checkout as `mentorPriceId`. Checkout decides the mentor by
 * `mentorId` and the amount by his rate, never by that id (ADR 0036). If Stripe cannot be reached, the profile
 * still answers, with `stripePriceId: null`.
 */
export async function legacyMentorProfileAnswer(c: Caller, caller: RestCaller, mentorId: string) {
  const r = await c.mentors.profile({ mentorId });
  let stripePriceId = r.mentor.stripePriceId;
  if (!stripePriceId && caller?.role === "mentee") {
    stripePriceId = await c.payments
      .mentorPrice({ mentorId: r.mentor.id })
      .then((p) => p.priceId)
      .catch((error: unknown) => {
        console.error("the mentor's price for the profile could not be made", mentorId, error);
        return null;
      });
  }
  return { mentorData: legacyMentorProfile({ ...r.mentor, stripePriceId }), isEnrollmentActive: r.isEnrollmentActive };
}

/**
 * The bell over REST: the latest notifications oldest first, because the original client reverses the list
 * and shows its first five (SPEC §2: the latest 5, newest first).
 */
export function legacyNotifications(r: { notifications: NotificationView[]; unreadCount: number }) {
  return { ...r, notifications: [...r.notifications].reverse() };
}
