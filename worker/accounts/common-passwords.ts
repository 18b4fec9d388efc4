import { fail } from "../platform/domain-error";

/**
 * OWASP ASVS 5.0 V6.2.4: a new password is checked against the most common breached passwords.
 * The list is zxcvbn-ts's `passwords-common` dictionary (@zxcvbn-ts/language-common, pinned): about
 * 49,000 passwords from a ten-million-password breach corpus, lower-cased and ordered by how often
 * they occur, so its top 10,000 are among them. The zxcvbn-ts authors leave out passwords that their
 * pattern matchers already rate as easy (repeats, sequences, dates), e.g. `aaaaaaaa`.
 *
 * Only the Worker checks it: the list (about 0.4 MB) stays out of the pages' JavaScript, and it is
 * imported on the first check, so the Worker's start-up and every other request do not pay for it.
 */
export const COMMON_PASSWORD = "This password is too common. Please choose another one.";

let list: Promise<ReadonlySet<string>> | undefined;

export function commonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return list;
}

/** Case-insensitive: the list is lower-case, and `Password123` is guessed as soon as `password123`. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** A 400 whose message the forms show under the new-password field (`field: "password"`). */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) fail("BAD_REQUEST", COMMON_PASSWORD, { field: "password" });
}
