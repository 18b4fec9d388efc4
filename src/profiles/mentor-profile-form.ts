import { valibotResolver } from "@hookform/resolvers/valibot";
import type { Resolver } from "react-hook-form";
import type { InferInput } from "valibot";
import { mentorProfileUpdateSchema } from "../../shared/validation/profiles";
import type { OwnMentorProfile } from "../platform/api-types";
import { browserZone } from "../platform/zoned";

type MentorProfileUpdate = InferInput<typeof mentorProfileUpdateSchema>;

/** The mentor profile form as typed: every field text, the hourly rate in rupees. */
export type MentorProfileForm = { [K in keyof Required<MentorProfileUpdate>]: string };

export function mentorProfileFormOf(profile: OwnMentorProfile): MentorProfileForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    jobTitle: profile.jobTitle,
    firmName: profile.firmName,
    location: profile.location ?? "",
    bio: profile.bio,
    shortBio: profile.shortBio ?? "",
    educationalQualification: profile.educationalQualification,
    hourlyRate: String(profile.hourlyRatePaise / 100),
    website: profile.website ?? "",
    twitterUrl: profile.twitterUrl ?? "",
    linkedInUrl: profile.linkedInUrl ?? "",
    timeZone: profile.timeZone ?? browserZone(),
  };
}

/** The update payload of a filled-in form (an empty rate stays missing-as-NaN so the rate's own message is reported). */
export function toMentorProfileUpdate({ hourlyRate, ...rest }: MentorProfileForm): MentorProfileUpdate {
  return { ...rest, hourlyRate: hourlyRate.trim() === "" ? Number.NaN : Number(hourlyRate) };
}

const validateUpdate = valibotResolver(mentorProfileUpdateSchema);

/** Validates with the server's own schema. */
export const mentorProfileResolver: Resolver<MentorProfileForm> = async (values, context, options) => {
  const result = await validateUpdate(toMentorProfileUpdate(values), context, options as never);
  return Object.keys(result.errors).length ? { values: {}, errors: result.errors as never } : { values, errors: {} };
};
