import * as v from "valibot";

/**
 * A person's first or last name: letters of any script (with their accents), spaces,
 * hyphens, apostrophes and dots, starting with a letter; at most 50 characters. A list such as
 * "GraphQL, react, , Next.js" is refused with a message that says what is allowed. The SPEC §8
 * messages ("First Name is required") stay for the cases SPEC lists.
 */
export const PERSON_NAME_MAX = 50;
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

export const personNameCharsMessage = (label: string) => `${label} may contain only letters, spaces, hyphens (-), apostrophes (') and dots`;

/** The checks after a string has been read: trimmed, required, at most 50, the allowed characters. */
export const personName = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(PERSON_NAME_MAX, `${label} must be at most ${PERSON_NAME_MAX} characters`),
    v.regex(PERSON_NAME_PATTERN, personNameCharsMessage(label)),
  );
