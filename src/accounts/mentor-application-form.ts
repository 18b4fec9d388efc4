import { valibotResolver } from "@hookform/resolvers/valibot";
import type { Resolver } from "react-hook-form";
import { type MentorApplication, mentorApplicationSchema, splitSkills } from "../../shared/validation/accounts";

/** The mentor sign-up form as typed: hourly rate as text of a number, skills as one comma-separated line. */
export type MentorApplicationForm = Omit<MentorApplication, "hourlyRate" | "expertise"> & { hourlyRate: string; skills: string };

export const EMPTY_MENTOR_APPLICATION: MentorApplicationForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  jobTitle: "",
  firmName: "",
  location: "",
  bio: "",
  educationalQualification: "",
  hourlyRate: "",
  skills: "",
  website: "",
  twitterUrl: "",
  linkedInUrl: "",
  password: "",
  confirmpassword: "",
};

/** The application payload of a filled-in form (an empty rate stays missing so "Hourly rate is required" is reported). */
export function toMentorApplication({ hourlyRate, skills, ...rest }: MentorApplicationForm): MentorApplication {
  return { ...rest, hourlyRate: hourlyRate.trim() === "" ? undefined : Number(hourlyRate), expertise: splitSkills(skills) };
}

const validateApplication = valibotResolver(mentorApplicationSchema);

/** Validates with the server's own schema; an `expertise` error is shown on the Skills field. */
export const mentorApplicationResolver: Resolver<MentorApplicationForm> = async (values, context, options) => {
  const result = await validateApplication(toMentorApplication(values), context, options as never);
  if (!Object.keys(result.errors).length) return { values, errors: {} };
  const { expertise, ...errors } = result.errors as Record<string, unknown>;
  return { values: {}, errors: (expertise ? { ...errors, skills: expertise } : errors) as never };
};
