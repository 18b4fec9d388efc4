import * as v from "valibot";
import { hourlyRateField, phoneSchema, splitSkills } from "./accounts";
import { linkField } from "./links";
import { personName } from "./person-name";
import { timeZoneField } from "./scheduling";

const text = (label: string, max: number, required = false) =>
  required
    ? v.pipe(
        v.string(`${label} is required`),
        v.trim(),
        v.nonEmpty(`${label} is required`),
        v.maxLength(max, `${label} must be at most ${max} characters`),
      )
    : v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`));
const phone = phoneSchema;

/** Fields a mentee may change; absent fields stay as they are. */
export const menteeProfileUpdateSchema = v.object({
  firstName: v.optional(personName("First Name")),
  lastName: v.optional(personName("Last Name")),
  phone: v.optional(phone),
  bio: v.optional(text("About", 1000)),
  /** The IANA zone every session time is shown in (also settable alone: scheduling.setTimeZone). */
  timeZone: v.optional(timeZoneField),
});

/** Fields a mentor may change; absent fields stay as they are. */
export const mentorProfileUpdateSchema = v.object({
  firstName: v.optional(personName("First Name")),
  lastName: v.optional(personName("Last Name")),
  phone: v.optional(phone),
  jobTitle: v.optional(text("Job Title", 80, true)),
  firmName: v.optional(text("Firm Name", 80, true)),
  location: v.optional(text("Location", 80)),
  bio: v.optional(text("Bio", 2000, true)),
  shortBio: v.optional(text("Short bio", 200)),
  educationalQualification: v.optional(text("Educational Qualification", 120, true)),
  hourlyRate: v.optional(hourlyRateField),
  website: v.optional(linkField("Website")),
  twitterUrl: v.optional(linkField("Twitter URL")),
  linkedInUrl: v.optional(linkField("LinkedIn URL")),
  /** The IANA zone the scheduler and every session time are shown in. */
  timeZone: v.optional(timeZoneField),
});

/** New skills: a comma-separated string (the form's input) or a list. */
export const addSkillsSchema = v.object({
  newSkills: v.pipe(
    v.union([v.string(), v.array(v.string())], "newSkills must be a comma-separated text or a list"),
    v.transform((value) => (Array.isArray(value) ? value.flatMap(splitSkills) : splitSkills(value))),
    v.check((skills) => skills.length > 0, "Enter at least one skill"),
    v.check((skills) => skills.every((s) => s.length <= 40), "A skill must be at most 40 characters"),
  ),
});

export const removeSkillSchema = v.object({
  skill: v.pipe(v.string("skill is required"), v.trim(), v.nonEmpty("skill is required")),
});

export const MAX_SKILLS = 20;

export const mentorIdSchema = v.object({
  mentorId: v.pipe(v.string("mentorId is required"), v.nonEmpty("mentorId is required"), v.maxLength(64, "Unknown mentor")),
});
