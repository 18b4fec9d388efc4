import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors, moderators, type MentorStatus, type Role } from "../../db/schema";

/** What decides whether an account may sign in or keep using its session. */
export type AccountState = { isBlocked: boolean; status: MentorStatus } | null;

export type Account = {
  id: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  profileImageKey: string | null;
  isBlocked: boolean;
  status: MentorStatus;
};

async function findAccount(db: Db, role: Role, by: "email" | "id", value: string): Promise<Account | null> {
  if (role === "mentee") {
    const row = await db.query.mentees.findFirst({ where: eq(mentees[by], value) });
    return row ? { ...row, status: "approved" } : null;
  }
  if (role === "mentor") {
    const row = await db.query.mentors.findFirst({ where: eq(mentors[by], value) });
    return row ?? null;
  }
  const row = await db.query.moderators.findFirst({ where: eq(moderators[by], value) });
  return row ? { ...row, profileImageKey: null, isBlocked: false, status: "approved" } : null;
}

export const findAccountByEmail = (db: Db, role: Role, email: string) => findAccount(db, role, "email", email);
export const findAccountById = (db: Db, role: Role, id: string) => findAccount(db, role, "id", id);

/** What the client shows of the signed-in user. */
export function accountSummary(account: Account) {
  return {
    id: account.id,
    firstName: account.firstName,
    lastName: account.lastName,
    name: `${account.firstName} ${account.lastName}`,
    profileImageUrl: profileImageUrl(account.profileImageKey),
  };
}

export async function loadAccountState(db: Db, role: Role, id: string): Promise<AccountState> {
  if (role === "mentee") {
    const [row] = await db.select({ isBlocked: mentees.isBlocked }).from(mentees).where(eq(mentees.id, id));
    return row ? { isBlocked: row.isBlocked, status: "approved" } : null;
  }
  if (role === "mentor") {
    const [row] = await db.select({ isBlocked: mentors.isBlocked, status: mentors.status }).from(mentors).where(eq(mentors.id, id));
    return row ?? null;
  }
  const [row] = await db.select({ id: moderators.id }).from(moderators).where(eq(moderators.id, id));
  return row ? { isBlocked: false, status: "approved" } : null;
}

export type Refusal = { code: "UNAUTHORIZED" | "FORBIDDEN"; message: string; details: Record<string, unknown> };

export const BLOCKED_MESSAGE = "Your account has been blocked by a moderator. Please contact support if you think this is a mistake.";
export const UNDER_REVIEW_MESSAGE = "Your mentor application is still under review. We will e-mail you once it has been approved.";

/** Why an existing account may not use the product right now, or null when it may. */
export function accountRefusal(role: Role, state: AccountState): Refusal | null {
  if (!state) return { code: "UNAUTHORIZED", message: "This account no longer exists. Please sign in again.", details: {} };
  if (state.isBlocked) return { code: "FORBIDDEN", message: BLOCKED_MESSAGE, details: { blocked: true } };
  if (role === "mentor" && state.status === "pending") return { code: "FORBIDDEN", message: UNDER_REVIEW_MESSAGE, details: { underReview: true } };
  return null;
}

/** Why the account may not be used right now (read fresh from the database), or null. */
export async function currentRefusal(db: Db, role: Role, id: string): Promise<Refusal | null> {
  return accountRefusal(role, await loadAccountState(db, role, id));
}

/** Image keys are served by the Worker under /images/. */
export function profileImageUrl(key: string | null): string {
  return key ? `/images/${key}` : "";
}
