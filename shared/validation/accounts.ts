import * as v from "valibot";
import { linkField } from "./links";
import { personName } from "./person-name";

/** Sign-up, application and sign-in rules of SPEC §5, shared by the server and the forms. */

export const PHONE_PATTERN = /^(?:\+91|0091|0)?[6-9]\d{9}$/;

/** Spaces, dashes, dots and brackets people type between digit groups ("98765 43210", "+91-98765-43210"). */
const PHONE_SEPARATORS = /[\s\-.()]/g;

/**
 * The number as stored: +91 and its 10 digits (E.164), whatever prefix (+91, 0091, 0 or none) and separators
 * it was typed with. Call it only on a number PHONE_PATTERN accepts once its separators are gone.
 */
export const normalisePhone = (typed: string): string => `+91${typed.replace(PHONE_SEPARATORS, "").slice(-10)}`;

/** SPEC §5's mobile number (optional +91/0091/0, then 10 digits starting 6-9), typed with or without separators, stored normalised. */
export const phoneSchema = v.pipe(
  v.string("Mobile number is required"),
  v.trim(),
  v.nonEmpty("Mobile number is required"),
  v.check((typed) => PHONE_PATTERN.test(typed.replace(PHONE_SEPARATORS, "")), "Please enter a valid 10-digit mobile number"),
  v.transform(normalisePhone),
);

/** A missing key becomes "" so the field's own "is required" message is the one reported. */
export const required = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, "");

const requiredText = (message: string, max: number, maxMessage: string) =>
  required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, maxMessage)));

const optionalText = (max: number, maxMessage: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, maxMessage)), "");

export const emailField = required(
  v.pipe(
    v.string("Email is required"),
    v.trim(),
    v.nonEmpty("Email is required"),
    v.email("Invalid email"),
    v.maxLength(254, "Invalid email"),
    v.toLowerCase(),
  ),
);

export const passwordField = required(
  v.pipe(v.string("Password is required"), v.nonEmpty("Password is required"), v.maxLength(128, "Password must be at most 128 characters")),
);

const phoneField = required(phoneSchema);

const personFields = {
  firstName: required(personName("First Name")),
  lastName: required(personName("Last Name")),
  email: emailField,
  phone: phoneField,
  password: passwordField,
  confirmpassword: required(v.pipe(v.string("Confirm Password is required"), v.nonEmpty("Confirm Password is required"))),
};

const passwordsMatch = <T extends { password: string; confirmpassword: string }>() =>
  v.forward<T, v.CheckIssue<T>, ["confirmpassword"]>(
    v.check((input) => input.password === input.confirmpassword, "Passwords must match"),
    ["confirmpassword"] as never,
  );

/** OWASP ASVS 5.0 V6.2.1: a new password has at least 8 characters (code points, so emoji count once). */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

/**
 * The length rule for a new password, checked after the SPEC's own messages (required, at most 128,
 * "Passwords must match"), and only where a password is chosen: sign-in keeps accepting older,
 * shorter ones. No composition rules (V6.2.5). Common passwords are refused by the Worker
 * (services/common-passwords.ts), which keeps the list out of the pages' JavaScript.
 */
export const newPasswordLength = <T extends { password: string }>() =>
  v.forward<T, v.CheckIssue<T>, ["password"]>(
    v.check((input) => [...input.password].length >= MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    ["password"] as never,
  );

export const menteeSignupSchema = v.pipe(v.object(personFields), passwordsMatch(), newPasswordLength());
export type MenteeSignup = v.InferInput<typeof menteeSignupSchema>;

export const MAX_HOURLY_RATE_RUPEES = 100_000;

export const hourlyRateField = v.pipe(
  v.number("Hourly rate is required"),
  v.finite("Hourly rate must be a number"),
  v.minValue(1, "Hourly rate must be at least ₹1"),
  v.maxValue(MAX_HOURLY_RATE_RUPEES, `Hourly rate must be at most ₹${MAX_HOURLY_RATE_RUPEES.toLocaleString("en-IN")}`),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Hourly rate can have at most two decimals"),
);

/** Skill names: trimmed, non-empty, de-duplicated case-insensitively, first spelling kept. */
export const skillListField = v.pipe(
  v.array(
    v.pipe(v.string("Each skill must be text"), v.trim(), v.maxLength(40, "A skill must be at most 40 characters")),
    "Skills are required",
  ),
  v.transform((skills) => {
    const seen = new Set<string>();
    return skills.filter((s) => {
      const key = s.toLowerCase();
      if (!s || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }),
  v.minLength(1, "Skills are required"),
  v.maxLength(20, "At most 20 skills"),
);

/** Splits the comma-separated skills input of the mentor form. */
export function splitSkills(input: string): string[] {
  return input
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export const mentorApplicationSchema = v.pipe(
  v.object({
    ...personFields,
    jobTitle: requiredText("Job Title is required", 80, "Job Title must be at most 80 characters"),
    firmName: requiredText("Firm Name is required", 80, "Firm Name must be at most 80 characters"),
    location: optionalText(80, "Location must be at most 80 characters"),
    bio: requiredText("Bio is required", 2000, "Bio must be at most 2000 characters"),
    educationalQualification: requiredText(
      "Educational Qualification is required",
      120,
      "Educational Qualification must be at most 120 characters",
    ),
    hourlyRate: v.optional(hourlyRateField, Number.NaN),
    expertise: v.optional(skillListField, []),
    website: v.optional(linkField("Website"), ""),
    twitterUrl: v.optional(linkField("Twitter URL"), ""),
    linkedInUrl: v.optional(linkField("LinkedIn URL"), ""),
  }),
  passwordsMatch(),
  newPasswordLength(),
);
export type MentorApplication = v.InferInput<typeof mentorApplicationSchema>;

export const loginSchema = v.object({ email: emailField, password: passwordField });
export type LoginInput = v.InferInput<typeof loginSchema>;

export const roleField = v.picklist(["mentee", "mentor", "moderator"], "Unknown account type");

/** The signed notice a refused Google sign-in carries: a token, traded for the blocked account's message. */
export const blockedNoticeSchema = v.object({
  notice: v.pipe(
    v.string("The notice is missing"),
    v.minLength(20, "This notice is not valid"),
    v.maxLength(2000, "This notice is not valid"),
  ),
});
