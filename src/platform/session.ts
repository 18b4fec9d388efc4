import { useSyncExternalStore } from "react";
import { type Role, roles } from "../../shared/role";
import { askForPageCookie, dropPageCookie } from "./page-cookie";

/** Local-storage session records of SPEC §3, one per role, under the keys menteeAuth, mentorAuth, moderatorAuth. */

export type { Role } from "../../shared/role";
export const ROLES: readonly Role[] = roles;

export type MenteeAuth = {
  isMenteeAuthenticated: boolean;
  menteeId: string;
  menteeName: string;
  profileImageUrl: string;
  accessToken: string;
  refreshToken: string;
};
export type MentorAuth = {
  isMentorAuthenticated: boolean;
  mentorId: string;
  mentorName: string;
  profileImageUrl: string;
  accessToken: string;
  refreshToken: string;
};
export type ModeratorAuth = {
  isModeratorAuthenticated: boolean;
  moderatorId: string;
  moderatorName: string;
  accessToken: string;
  refreshToken: string;
};
type RecordOf = { mentee: MenteeAuth; mentor: MentorAuth; moderator: ModeratorAuth };

export const STORAGE_KEYS: Record<Role, string> = { mentee: "menteeAuth", mentor: "mentorAuth", moderator: "moderatorAuth" };

/** The role-neutral view of a record: who is signed in and with which tokens. */
export type SessionUser = { role: Role; id: string; name: string; profileImageUrl: string; accessToken: string; refreshToken: string };

export type SignIn = { id: string; name: string; profileImageUrl: string; accessToken: string; refreshToken: string };

function toRecord<R extends Role>(role: R, s: SignIn): RecordOf[R] {
  const tokens = { accessToken: s.accessToken, refreshToken: s.refreshToken };
  const records: RecordOf = {
    mentee: { isMenteeAuthenticated: true, menteeId: s.id, menteeName: s.name, profileImageUrl: s.profileImageUrl, ...tokens },
    mentor: { isMentorAuthenticated: true, mentorId: s.id, mentorName: s.name, profileImageUrl: s.profileImageUrl, ...tokens },
    moderator: { isModeratorAuthenticated: true, moderatorId: s.id, moderatorName: s.name, ...tokens },
  };
  return records[role];
}

function fromRecord(role: Role, r: Partial<MenteeAuth & MentorAuth & ModeratorAuth>): SessionUser {
  const tokens = { accessToken: r.accessToken ?? "", refreshToken: r.refreshToken ?? "" };
  if (role === "mentee")
    return { role, id: r.menteeId ?? "", name: r.menteeName ?? "", profileImageUrl: r.profileImageUrl ?? "", ...tokens };
  if (role === "mentor")
    return { role, id: r.mentorId ?? "", name: r.mentorName ?? "", profileImageUrl: r.profileImageUrl ?? "", ...tokens };
  return { role, id: r.moderatorId ?? "", name: r.moderatorName ?? "", profileImageUrl: "", ...tokens };
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function readRaw(role: Role): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS[role]);
  } catch {
    return null;
  }
}

/** Parsed records cached by their raw text, so snapshots stay referentially stable. */
const cache = new Map<Role, { raw: string | null; record: Partial<RecordOf[Role]> | null }>();

export function readRecord<R extends Role>(role: R): Partial<RecordOf[R]> | null {
  const raw = readRaw(role);
  const hit = cache.get(role);
  if (hit && hit.raw === raw) return hit.record as Partial<RecordOf[R]> | null;
  let record: Partial<RecordOf[R]> | null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    record = parsed && typeof parsed === "object" ? (parsed as Partial<RecordOf[R]>) : null;
  } catch {
    record = null;
  }
  cache.set(role, { raw, record });
  return record;
}

/** The record's authentication flag (SPEC §2 guards: mentors and moderators check the flag). */
export function isAuthenticated(role: Role): boolean {
  const r = readRecord(role) as Partial<MenteeAuth & MentorAuth & ModeratorAuth> | null;
  if (!r) return false;
  if (role === "mentee") return r.isMenteeAuthenticated === true;
  if (role === "mentor") return r.isMentorAuthenticated === true;
  return r.isModeratorAuthenticated === true;
}

/** The mentee guard only checks that a record exists (SPEC §2). */
export function hasRecord(role: Role): boolean {
  return readRecord(role) !== null;
}

const userCache = new Map<Role, { record: unknown; user: SessionUser | null }>();

export function readSession(role: Role): SessionUser | null {
  const record = readRecord(role);
  const hit = userCache.get(role);
  if (hit && hit.record === record) return hit.user;
  const user = record && isAuthenticated(role) ? fromRecord(role, record as Partial<MenteeAuth & MentorAuth & ModeratorAuth>) : null;
  userCache.set(role, { record, user });
  return user;
}

/** The first signed-in role, mentee first, then mentor, then moderator. */
export function firstSignedInRole(): Role | null {
  return ROLES.find((role) => readSession(role) !== null) ?? null;
}

/**
 * What this browser keeps of a person besides her record (her recent searches, screens' answers in
 * memory, pages kept for offline) is forgotten when she signs out here, when her sign-in ends (a
 * refused refresh, a socket closed by the server) and when anyone else signs in in that role, over a
 * record left behind or none (ADR 0030). The app's entry says what to forget; the session only says when.
 */
const leaving = new Set<(role: Role) => void>();
export function whenPersonLeaves(forget: (role: Role) => void): () => void {
  leaving.add(forget);
  return () => leaving.delete(forget);
}
const personLeft = (role: Role) => leaving.forEach((forget) => forget(role));

export function writeSession(role: Role, signIn: SignIn): void {
  // Anyone but the person whose record this browser holds (or held none for) signing in: whatever is left goes first.
  const before = readRecord(role);
  if (!before || fromRecord(role, before as Partial<MenteeAuth & MentorAuth & ModeratorAuth>).id !== signIn.id) personLeft(role);
  localStorage.setItem(STORAGE_KEYS[role], JSON.stringify(toRecord(role, signIn)));
  askForPageCookie(signIn.accessToken);
  emit();
}

/** Stores both rotated tokens in the role's own fields. */
export function updateTokens(role: Role, tokens: { accessToken: string; refreshToken: string }): void {
  const record = readRecord(role);
  if (!record) return;
  localStorage.setItem(STORAGE_KEYS[role], JSON.stringify({ ...record, ...tokens }));
  askForPageCookie(tokens.accessToken);
  emit();
}

/** Keeps the nav in step with a profile edit: the stored display name and picture of a mentee or mentor. */
export function updateSessionProfile(role: "mentee" | "mentor", changes: { name?: string; profileImageUrl?: string }): void {
  const record = readRecord(role);
  if (!record) return;
  const nameKey = role === "mentee" ? "menteeName" : "mentorName";
  const next = {
    ...record,
    ...(changes.name === undefined ? {} : { [nameKey]: changes.name }),
    ...(changes.profileImageUrl === undefined ? {} : { profileImageUrl: changes.profileImageUrl }),
  };
  localStorage.setItem(STORAGE_KEYS[role], JSON.stringify(next));
  emit();
}

export function clearSession(role: Role): void {
  localStorage.removeItem(STORAGE_KEYS[role]);
  dropPageCookie(role);
  personLeft(role);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || Object.values(STORAGE_KEYS).includes(e.key)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The signed-in user of one role, re-rendering on sign-in, sign-out and token rotation (also from other tabs). */
export function useSession(role: Role): SessionUser | null {
  return useSyncExternalStore(
    subscribe,
    () => readSession(role),
    () => null,
  );
}

/** The first signed-in role, for the public navigation. */
export function useSignedInRole(): Role | null {
  return useSyncExternalStore(subscribe, firstSignedInRole, () => null);
}

/** What the app does when a sign-in ends while a call is made: blocked by a moderator, or expired. */
export type SessionEvents = {
  onBlocked: (role: Role, message: string) => void;
  onExpired: (role: Role) => void;
};
