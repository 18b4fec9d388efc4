import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type MentorStatus, mentees, mentors, moderators, type Role } from "../../db/schema";
import { isLocale, type Locale } from "../../shared/locale";
import { GOOGLE_PICTURE_ORIGIN } from "../platform/ports/google-provider";
import { familyLive } from "./sessions";

/**
 * What decides whether an account may sign in or keep using its session. `signInLive` is false once
 * the sign-in that issued the access token has ended (logout, refresh-token replay, password change).
 */
export type AccountState = { isBlocked: boolean; status: MentorStatus; signInLive?: boolean } | null;

export type Account = {
  id: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  profileImageKey: string | null;
  isBlocked: boolean;
  status: MentorStatus;
  /** The language chosen in the switcher; null: the browser's (shared/locale.ts). */
  locale: string | null;
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
  return row ? { ...row, profileImageKey: null, status: "approved" } : null;
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
    // The app shows itself in this language once she signs in, on any device (ADR 0027).
    locale: isLocale(account.locale) ? account.locale : null,
  };
}

/** Keeps the language she chose in the switcher, for her next sign-in and for her e-mails, reminders and pushes. */
export async function setAccountLocale(db: Db, role: Role, id: string, locale: Locale): Promise<void> {
  const table = role === "mentee" ? mentees : role === "mentor" ? mentors : moderators;
  await db.update(table).set({ locale }).where(eq(table.id, id));
}

/**
 * Whether the sign-in that `sessionId` (the access token's `sid`) belongs to is still live: some
 * session of its rotation family is neither revoked nor expired. Rotation keeps the family live;
 * logout and replay detection revoke the whole family. Two index lookups, in the same statement as
 * the account read, so checking it adds no round trip. Without a `sessionId` there is no sign-in to check: true.
 */
const signInLive = (role: Role, userId: string, sessionId: string | undefined, now: number) =>
  sessionId === undefined
    ? sql<number>`1`
    : sql<number>`exists(
  select 1 from refresh_sessions s
  where s.id = ${sessionId} and s.user_role = ${role} and s.user_id = ${userId} and ${familyLive(sql`s.family_id`, now)})`;

const accountTable = (role: Role) => (role === "mentee" ? mentees : role === "mentor" ? mentors : moderators);

/** The account's state as one select (what `loadAccountState` runs), to send inside a batch; `accountStateOf` reads its rows. */
export function accountStateQuery(db: Db, role: Role, id: string, sessionId?: string, now = Date.now()) {
  const table = accountTable(role);
  const status = role === "mentor" ? mentors.status : sql<MentorStatus>`'approved'`;
  return db
    .select({ blocked: table.isBlocked, status, live: signInLive(role, id, sessionId, now) })
    .from(table)
    .where(eq(table.id, id));
}

export const accountStateOf = ([row]: { blocked: boolean; status: MentorStatus; live: number }[]): AccountState =>
  row ? { isBlocked: Boolean(row.blocked), status: row.status, signInLive: Boolean(row.live) } : null;

/** The account's state in one statement; with `sessionId`, also whether that sign-in is still live. */
export async function loadAccountState(db: Db, role: Role, id: string, sessionId?: string, now = Date.now()): Promise<AccountState> {
  return accountStateOf(await accountStateQuery(db, role, id, sessionId, now));
}

/**
 * `accountRefusal`'s "may use the product" as a condition in SQL, for a write that carries its own account check (ADR 0017):
 * the account exists and is not blocked, a mentor's application is neither pending nor rejected, and (with `sessionId`) the
 * sign-in is live. Put in the same batch as `accountStateQuery`, the write happens exactly when that read, refused by
 * `accountRefusal`, would not have said no (tests/integration/chat-send-account-guard.test.ts).
 */
export function accountMayAct(role: Role, id: string, sessionId?: string, now = Date.now()): SQL {
  const table = accountTable(role);
  const standing = role === "mentor" ? sql` and ${mentors.status} not in ('pending', 'rejected')` : sql``;
  return sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.isBlocked} = 0${standing} and ${signInLive(role, id, sessionId, now)})`;
}

export type Refusal = { code: "UNAUTHORIZED" | "FORBIDDEN"; message: string; details: Record<string, unknown> };

/** A write that carried its own account check (`accountMayAct`) was refused by it; nothing was written. */
export type Refused = { refused: Refusal };

/** A blocked account's calls are refused with this; signing in then says why and how to appeal (services/blocked-notice.ts). */
export const BLOCKED_MESSAGE = "Your account has been blocked by a moderator. Sign in to see why and how to appeal.";
export const SIGNED_OUT_MESSAGE = "This sign-in has ended (signed out or changed elsewhere). Please sign in again.";
export const UNDER_REVIEW_MESSAGE = "Your mentor application is still under review. We will e-mail you once it has been approved.";
export const NOT_ACCEPTED_MESSAGE =
  "Your mentor application was not accepted. Please check your e-mail for the reason; you can apply again after 30 days.";

/** Why an existing account may not use the product right now, or null when it may. */
export function accountRefusal(role: Role, state: AccountState): Refusal | null {
  if (!state) return { code: "UNAUTHORIZED", message: "This account no longer exists. Please sign in again.", details: {} };
  if (state.isBlocked) return { code: "FORBIDDEN", message: BLOCKED_MESSAGE, details: { blocked: true } };
  if (role === "mentor" && state.status === "pending")
    return { code: "FORBIDDEN", message: UNDER_REVIEW_MESSAGE, details: { underReview: true } };
  if (role === "mentor" && state.status === "rejected")
    return { code: "FORBIDDEN", message: NOT_ACCEPTED_MESSAGE, details: { rejected: true } };
  if (state.signInLive === false) return { code: "UNAUTHORIZED", message: SIGNED_OUT_MESSAGE, details: {} };
  return null;
}

/**
 * The one account check: why the account may not be used right now (read fresh from the
 * database), or null. With `sessionId` (an access token's `sid`) the sign-in must still be live too.
 */
export async function currentRefusal(db: Db, role: Role, id: string, sessionId?: string): Promise<Refusal | null> {
  return accountRefusal(role, await loadAccountState(db, role, id, sessionId));
}

/** A seeded mentor's photo bundled with the app (public/avatars/, db/seed-avatars.ts), served as a static file. */
export const BUNDLED_AVATAR = /^\/avatars\/[a-z0-9-]+\.svg$/;

/** Uploaded image keys are served by the Worker under /images/; a Google account's picture is Google's own URL; a bundled avatar is its path. */
export function profileImageUrl(key: string | null): string {
  if (!key) return "";
  return GOOGLE_PICTURE_ORIGIN.test(key) || BUNDLED_AVATAR.test(key) ? key : `/images/${key}`;
}
