import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { createDb, type Db } from "../../db/client";
import { DEMO_PASSWORD, menteeRow, mentorRow } from "../../db/factories";
import { mentees, mentors, moderators } from "../../db/schema";
import { openSession } from "../../worker/accounts/sessions";
import { signAccessToken } from "../../worker/accounts/tokens";
import { rest } from "./api";

let shared: { url: string; db: Db } | undefined;
/**
 * The test database, for arranging state the product has no screen for yet (approving, blocking).
 * One client per test file, as the Worker keeps one per isolate: its write gate then bounds the
 * file's writes in flight. A client per call gave `Promise.all` of 50 `createMentee()` 50 writers at
 * once, and sqld 0.24 deadlocks when that many writers cross its WAL auto-checkpoint threshold
 * together (seen as the suite's stuck sqld at 100–200% CPU; ADR 0008).
 */
export function testDb(): Db {
  const url = inject("dbUrl");
  if (shared?.url !== url) shared = { url, db: createDb(url) };
  return shared.db;
}

export const uniqueEmail = (label = "user") => `${label}.${crypto.randomUUID().slice(0, 8)}@example.test`;

export function menteeSignup(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Asha",
    lastName: "Test",
    email: uniqueEmail("mentee"),
    phone: "+919876543210",
    password: DEMO_PASSWORD,
    confirmpassword: DEMO_PASSWORD,
    ...overrides,
  };
}

export function mentorApplication(overrides: Record<string, unknown> = {}) {
  return {
    ...menteeSignup({ email: uniqueEmail("mentor") }),
    jobTitle: "Engineer",
    firmName: "Acme",
    location: "Pune",
    bio: "I mentor.",
    educationalQualification: "B.Tech",
    hourlyRate: 1500,
    expertise: ["React", "Node"],
    website: "https://example.com",
    ...overrides,
  };
}

/**
 * The password hash of the accounts tests make: a scrypt hash of `password` at a low cost (N=2^10, r=8, p=1) instead
 * of the production cost (SCRYPT_PARAMS in worker/accounts/passwords.ts, a quarter of a second of CPU or more per
 * check, and a suite signs in hundreds of times). The stored hash names its parameters, so the Worker checks it on its
 * one sign-in path, only quicker. Sign-ups through the API still hash at the production cost
 * (tests/integration/registration.test.ts reads it), and the demo accounts keep their seeded hashes.
 */
export function quickPasswordHash(password: string): string {
  const [N, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N, r, p });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

let hash: string | undefined;
const demoHash = () => (hash ??= quickPasswordHash(DEMO_PASSWORD));

/** Inserts a mentee directly; signs in with DEMO_PASSWORD. */
export async function createMentee(overrides: Partial<typeof mentees.$inferInsert> = {}) {
  const email = uniqueEmail("mentee");
  const [row] = await testDb()
    .insert(mentees)
    .values(menteeRow({ email, passwordHash: demoHash(), ...overrides }))
    .returning();
  return row;
}

/** Inserts an approved (by default) mentor directly; signs in with DEMO_PASSWORD. */
export async function createMentor(overrides: Partial<typeof mentors.$inferInsert> = {}) {
  const email = uniqueEmail("mentor");
  const [row] = await testDb()
    .insert(mentors)
    .values(mentorRow({ email, passwordHash: demoHash(), ...overrides }))
    .returning();
  return row;
}

export async function setBlocked(role: "mentee" | "mentor", id: string, isBlocked: boolean) {
  const table = role === "mentee" ? mentees : mentors;
  await testDb().update(table).set({ isBlocked }).where(eq(table.id, id));
}

/**
 * Signs in through REST and returns the tokens in a role-neutral shape: the real path (password check, throttling,
 * the "New sign-in" alert). For a test about something else, `sessionFor` is quicker.
 */
export async function signIn(role: "mentee" | "mentor" | "moderator", email: string, password = DEMO_PASSWORD) {
  const path = { mentee: "/api/mentees/login", mentor: "/api/mentors/login", moderator: "/api/moderator/login" }[role];
  const { status, body } = await rest("POST", path, { body: { email, password } });
  if (status !== 200) throw new Error(`sign-in failed: ${status} ${JSON.stringify(body)}`);
  const prefix = role === "mentee" ? "" : role;
  const key = (name: string) => (prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name);
  return {
    accessToken: body[key("accessToken")] as string,
    refreshToken: body[key("refreshToken")] as string,
    id: body[`${role}Id`] as string,
  };
}

/** A live sign-in made directly (no password hashing in the Worker): a refresh session and an access token naming it. */
export async function accessTokenFor(role: "mentee" | "mentor" | "moderator", id: string): Promise<string> {
  const { sessionId } = await openSession(testDb(), { role, userId: id });
  return signAccessToken(inject("jwtSecret"), { sub: id, role, sid: sessionId });
}

const ACCOUNT_TABLES = { mentee: mentees, mentor: mentors, moderator: moderators };

/**
 * A signed-in session for an existing account without the sign-in request: the refresh session written by the
 * Worker's own code (worker/accounts/sessions.ts) and an access token naming it, in the shape `signIn` returns. No
 * password check, no throttling count and no "New sign-in" alert: for tests about something other than signing in.
 */
export async function sessionFor(role: "mentee" | "mentor" | "moderator", email: string) {
  const table = ACCOUNT_TABLES[role];
  const [account] = await testDb().select({ id: table.id }).from(table).where(eq(table.email, email));
  if (!account) throw new Error(`no ${role} with the e-mail ${email}`);
  const { sessionId, refreshToken } = await openSession(testDb(), { role, userId: account.id });
  return {
    accessToken: await signAccessToken(inject("jwtSecret"), { sub: account.id, role, sid: sessionId }),
    refreshToken,
    id: account.id,
  };
}
