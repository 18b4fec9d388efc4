import type { mentees, mentors, moderators } from "./schema";

/** Row builders shared by the demo seed and the tests. Passwords arrive already hashed. */

export const DEMO_PASSWORD = "Passw0rd!";

export function menteeRow(overrides: Partial<typeof mentees.$inferInsert> & { email: string }): typeof mentees.$inferInsert {
  // An established account: its address was proven; pass `emailVerifiedAt: null` for one that was not.
  return { firstName: "Test", lastName: "Mentee", phone: "9876543210", emailVerifiedAt: new Date(), ...overrides };
}

export function mentorRow(
  overrides: Partial<typeof mentors.$inferInsert> & { email: string; passwordHash: string },
): typeof mentors.$inferInsert {
  return {
    firstName: "Test",
    lastName: "Mentor",
    phone: "9876543210",
    jobTitle: "Software Engineer",
    firmName: "Acme",
    bio: "I help engineers grow.",
    educationalQualification: "B.Tech",
    hourlyRatePaise: 150_000,
    status: "approved",
    emailVerifiedAt: new Date(),
    ...overrides,
  };
}

export function moderatorRow(
  overrides: Partial<typeof moderators.$inferInsert> & { email: string; passwordHash: string },
): typeof moderators.$inferInsert {
  return { firstName: "Test", lastName: "Moderator", ...overrides };
}
