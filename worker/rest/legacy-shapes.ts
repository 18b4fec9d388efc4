import type { MentorCard } from "../services/mentor-directory";

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
