/**
 * The session records the app keeps in local storage (src/platform/session.ts), for code that signs a
 * browser in without the sign-in page: the e2e tests (tests/support/browser.ts) and the signed-in
 * Lighthouse runs (bench/signed-in.ts). No test runner here, so a plain script can use it.
 */

export type Role = "mentee" | "mentor" | "moderator";

/** Local-storage keys of the session records (src/platform/session.ts). */
export const STORAGE_KEY: Record<Role, string> = { mentee: "menteeAuth", mentor: "mentorAuth", moderator: "moderatorAuth" };

export type SeededSession = { id: string; name: string; accessToken: string; refreshToken: string; profileImageUrl?: string };

/** The local-storage record the app writes for a role (src/platform/session.ts `toRecord`). */
export function sessionRecord(role: Role, s: SeededSession): Record<string, unknown> {
  const tokens = { accessToken: s.accessToken, refreshToken: s.refreshToken };
  if (role === "mentee")
    return { isMenteeAuthenticated: true, menteeId: s.id, menteeName: s.name, profileImageUrl: s.profileImageUrl ?? "", ...tokens };
  if (role === "mentor")
    return { isMentorAuthenticated: true, mentorId: s.id, mentorName: s.name, profileImageUrl: s.profileImageUrl ?? "", ...tokens };
  return { isModeratorAuthenticated: true, moderatorId: s.id, moderatorName: s.name, ...tokens };
}
