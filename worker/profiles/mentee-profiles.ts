import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees } from "../../db/schema";
import { profileImageUrl } from "../accounts/accounts";
import { fail } from "../platform/domain-error";

export type MenteeProfile = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  bio: string | null;
  profileImageUrl: string;
  timeZone: string | null;
};

export async function menteeProfile(db: Db, menteeId: string): Promise<MenteeProfile> {
  const row = await db.query.mentees.findFirst({ where: eq(mentees.id, menteeId) });
  if (!row) fail("NOT_FOUND", "Profile not found.");
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    bio: row.bio,
    profileImageUrl: profileImageUrl(row.profileImageKey),
    timeZone: row.timeZone,
  };
}

export async function updateMenteeProfile(
  db: Db,
  menteeId: string,
  changes: Partial<{ firstName: string; lastName: string; phone: string; bio: string; timeZone: string }>,
): Promise<MenteeProfile> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length) await db.update(mentees).set(defined).where(eq(mentees.id, menteeId));
  return menteeProfile(db, menteeId);
}
