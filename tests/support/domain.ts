import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll } from "vitest";
import { type Db, withBusyRetry } from "../../db/client";
import { menteeRow, mentorRow } from "../../db/factories";
import { requestDb } from "../../db/request-db";
import * as schema from "../../db/schema";
import { enrollments, mentees, mentors, timeSlots } from "../../db/schema";
import type { Role } from "../../shared/realtime-protocol";
import { openSession } from "../../worker/accounts/sessions";
import { type Env, readConfig } from "../../worker/platform/env";
import type { Context } from "../../worker/trpc/context";
import { createCaller } from "../../worker/trpc/router";

/**
 * The domain tier: the Worker's procedures and services called in Node on a libSQL database of the file's own (a local
 * file with the migrations applied), without workerd, sqld or HTTP. A call takes the same path as in the Worker from the
 * procedure on (the account check, the services, the one error mapping); what happens after the response (mail handed
 * to a queue, pushes to rooms) goes to stand-ins that keep nothing. Time is always given (`now`), never read.
 *
 * Rule edges belong here; the HTTP and WebSocket contract, races between requests, and what the browser shows stay in
 * the integration and e2e tiers.
 */

const MIGRATIONS = fileURLToPath(new URL("../../db/migrations", import.meta.url));
const DAY = 24 * 60 * 60 * 1000;

/** A queue that takes messages and drops them: delivery is the integration tier's business. */
const droppingQueue = { send: async () => undefined, sendBatch: async () => undefined };

/** The messages handed to the calendar queue (ADR 0040), kept so a test can see which changes queued work. */
export const calendarQueueMessages: unknown[] = [];
const calendarQueue = {
  send: async (body: unknown) => void calendarQueueMessages.push(body),
  sendBatch: async (messages: { body: unknown }[]) => void calendarQueueMessages.push(...messages.map((m) => m.body)),
};

/** The bindings a procedure may reach; rooms, assets and images are absent (a push to a room fails quietly after the response). */
const env = {
  DB_URL: "http://domain.invalid",
  JWT_SECRET: "domain-tier-secret-of-at-least-32-characters",
  ENVIRONMENT: "development",
  MAIL_URGENT: droppingQueue,
  MAIL_BULK: droppingQueue,
  REMINDERS: droppingQueue,
  NOTICE_PUSHES: droppingQueue,
  CALENDAR_SYNC: calendarQueue,
} as unknown as Env;
const config = readConfig(env);

let client: Client | undefined;
let database: Db | undefined;

/**
 * Registers the hooks that give this file a fresh, migrated database (about half a second) and remove it afterwards.
 * Call once at the top level of a domain test file.
 */
export function useDomainDb(): void {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mentorlink-domain-"));
    client = createClient({ url: `file:${join(dir, "domain.db")}` });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    // The same write gate and busy retries as the Worker's client (db/client.ts).
    database = drizzle(withBusyRetry(client), { schema }) as unknown as Db;
  });
  afterAll(() => {
    client?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    client = database = undefined;
  });
}

/** This file's database. */
export function domainDb(): Db {
  if (!database) throw new Error("call useDomainDb() at the top of the file");
  return database;
}

/** A signed-in caller: an account whose session is written by the Worker's own code, as a sign-in would. */
export type Account = { id: string; role: Role; sid: string };

/** The procedures as the account calls them, every call happening at `now`. */
export function callerAt(account: Account | null, now: Date) {
  const { db, holdWritesUntil, forSelfCheckingBatch } = requestDb(domainDb());
  const context: Context = {
    env,
    config,
    db,
    holdWritesUntil,
    dbForSelfCheckingBatch: forSelfCheckingBatch,
    auth: account ? { sub: account.id, role: account.role, sid: account.sid } : null,
    tokenRejected: false,
    requestId: crypto.randomUUID(),
    origin: "http://domain.invalid",
    address: "192.0.2.1",
    userAgent: null,
    now,
    locale: "en",
    waitUntil: (promise) => void promise.catch(() => undefined),
    catalogueChanged: async () => undefined,
  };
  return createCaller(context);
}

/** How a call ended, in the terms a REST or tRPC client sees: the HTTP status and the message (or the value). */
export async function outcome<T>(call: Promise<T>): Promise<{ status: number; message?: string; value?: T }> {
  try {
    return { status: 200, value: await call };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { status: getHTTPStatusCodeFromError(error), message: error.message };
  }
}

const letters = () => crypto.randomUUID().slice(0, 8);

async function signedIn(role: Role, id: string): Promise<Account> {
  const { sessionId } = await openSession(domainDb(), { role, userId: id });
  return { id, role, sid: sessionId };
}

/** An approved mentor in Kolkata, signed in. */
export async function domainMentor(overrides: Partial<typeof mentors.$inferInsert> = {}) {
  const [row] = await domainDb()
    .insert(mentors)
    .values(
      mentorRow({
        email: `mentor.${letters()}@example.test`,
        passwordHash: "x",
        timeZone: "Asia/Kolkata",
        firstName: "Asha",
        lastName: `Rao${letters().slice(0, 4)}`,
        ...overrides,
      }),
    )
    .returning();
  return { row, ...(await signedIn("mentor", row.id)) };
}

/** A mentee in New York, signed in. */
export async function domainMentee(overrides: Partial<typeof mentees.$inferInsert> = {}) {
  const [row] = await domainDb()
    .insert(mentees)
    .values(menteeRow({ email: `mentee.${letters()}@example.test`, passwordHash: "x", timeZone: "America/New_York", ...overrides }))
    .returning();
  return { row, ...(await signedIn("mentee", row.id)) };
}

/** An active subscription of the pair, its period around `at`. */
export async function domainSubscribe(menteeId: string, mentorId: string, at: Date) {
  await domainDb()
    .insert(enrollments)
    .values({
      menteeId,
      mentorId,
      status: "active",
      amountPaise: 600_000,
      currentPeriodStart: new Date(at.getTime() - 5 * DAY),
      currentPeriodEnd: new Date(at.getTime() + 25 * DAY),
      activatedAt: new Date(at.getTime() - 5 * DAY),
    });
}

/** The stored slot. */
export const domainSlot = async (id: string) => (await domainDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];
