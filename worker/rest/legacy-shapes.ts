import type { MenteeProfile } from "../services/mentee-profiles";
import type { MentorCard } from "../services/mentor-directory";
import type { MentorProfile, OwnMentorProfile } from "../services/mentor-profiles";

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
