import type { MenteeSubscription, MentorSubscriber, SubscriptionSummary } from "../payments/subscriptions";
import type { MenteeProfile } from "../profiles/mentee-profiles";
import type { MentorProfile, OwnMentorProfile } from "../profiles/mentor-profiles";
import type { MentorCard } from "../search/mentor-directory";

/** Paise to the rupees the REST contract speaks. */
export const rupees = (paise: number) => paise / 100;

/** A mentor as the legacy REST clients read it (SPEC §3). */
export function legacyMentor(m: MentorCard) {
  return {
    _id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    jobTitle: m.jobTitle,
    firmName: m.firmName,
    shortBio: m.shortBio,
    bio: m.bio,
    location: m.location,
    expertise: m.skills,
    hourlyRate: rupees(m.hourlyRatePaise),
    profileImageUrl: m.profileImageUrl,
    rating: m.rating,
    reviewCount: m.reviewCount,
  };
}

/** The mentor profile of `GET /api/mentees/mentor/profile/{id}` and the mentor's own `profileData`. */
export function legacyMentorProfile(m: MentorProfile & Partial<Pick<OwnMentorProfile, "email" | "phone">>) {
  return {
    ...legacyMentor(m),
    educationalQualification: m.educationalQualification,
    website: m.website,
    twitterUrl: m.twitterUrl,
    linkedInUrl: m.linkedInUrl,
    stripePriceId: m.stripePriceId,
    ...(m.email === undefined ? {} : { email: m.email, phone: m.phone }),
  };
}

export function legacyMentee(m: MenteeProfile) {
  const { id, ...rest } = m;
  return { _id: id, ...rest };
}

/**
 * A subscription's own fields with the amount in rupees (SPEC §7 speaks rupees), and the two the original
 * client's tables read: `isEnrollmentActive` (access now) and `expiresOn` (when it ended, else when the paid
 * period ends).
 */
function legacySubscription(s: SubscriptionSummary) {
  const { id, amountPaise, ...rest } = s;
  return {
    _id: id,
    ...rest,
    amount: rupees(amountPaise),
    currency: "INR",
    isEnrollmentActive: s.isActive,
    expiresOn: s.endedAt ?? s.currentPeriodEnd,
  };
}

/** An entry of `allMentorsSubscribed`: the subscription with its mentor as `mentorId` (populated). */
export function legacyMenteeSubscription(s: MenteeSubscription) {
  const { mentor, ...summary } = s;
  return { ...legacySubscription(summary), mentorId: legacyMentor(mentor) };
}

/**
 * `GET /api/mentees/subscribed-mentors/{id}`: `allMentorsSubscribed` holds the subscriptions that give access now,
 * as the original server answered (its list and its ticket form show one row per current mentor); every
 * subscription, past ones too, is in `allSubscriptions` (ADR 0036).
 */
export function legacySubscribedMentors(list: MenteeSubscription[]) {
  const all = list.map(legacyMenteeSubscription);
  return { allMentorsSubscribed: all.filter((s) => s.isActive), allSubscriptions: all };
}

/** An entry of `enrolledMentees`: the subscription with its mentee as `menteeId` (populated). */
export function legacyMentorSubscriber(s: MentorSubscriber) {
  const { mentee, ...summary } = s;
  const { id, ...rest } = mentee;
  return { ...legacySubscription(summary), menteeId: { _id: id, ...rest } };
}

/** A time slot as SPEC §3 names it: `_id` beside the tRPC `id`. */
export function legacySlot<T extends { id: string }>(slot: T): T & { _id: string } {
  return { _id: slot.id, ...slot };
}

type LiveSession = {
  id: string;
  start: string;
  end: string;
  type: string;
  mentee: { firstName: string; lastName: string };
  menteeTimeZone: string | null;
  hasStarted: boolean;
};

/** A live session entry (SPEC §3): `_id, start, menteeId {firstName, lastName}` (SPEC §3 names the mentee's name `menteeId`). */
export function legacyLiveSession(s: LiveSession) {
  return {
    _id: s.id,
    id: s.id,
    start: s.start,
    end: s.end,
    type: s.type,
    menteeId: s.mentee,
    menteeTimeZone: s.menteeTimeZone,
    hasStarted: s.hasStarted,
  };
}
