import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { enrollments, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "./accounts";
import { baseUrl } from "./api";

/** Helpers of the scheduling integration tests: REST calls at a chosen instant, accounts, subscriptions, slots. */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export type Res = { status: number; body: Record<string, any>; text: string; headers: Headers };

/** A REST call, optionally at a given instant (the `x-mentorlink-now` header; honoured outside production only). */
export async function call(method: string, path: string, options: { token?: string; body?: unknown; now?: Date } = {}): Promise<Res> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.now) headers["x-mentorlink-now"] = options.now.toISOString();
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: Record<string, any> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // .ics
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** The top of an hour `hours` from now. */
export const hoursAhead = (hours: number, from = Date.now()) => new Date(Math.ceil(from / HOUR) * HOUR + hours * HOUR);

export async function mentor(overrides: Record<string, unknown> = {}) {
  const row = await createMentor({
    timeZone: "Asia/Kolkata",
    firstName: "Asha",
    lastName: `Rao${crypto.randomUUID().slice(0, 4)}`,
    ...overrides,
  });
  return { row, id: row.id, token: await accessTokenFor("mentor", row.id) };
}

export async function mentee(overrides: Record<string, unknown> = {}) {
  const row = await createMentee({ timeZone: "America/New_York", ...overrides });
  return { row, id: row.id, token: await accessTokenFor("mentee", row.id) };
}

/** An active subscription of the pair, its period around `at`. */
export async function subscribe(menteeId: string, mentorId: string, at = new Date()) {
  await testDb()
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

export async function publish(token: string, start: Date, extra: Record<string, unknown> = {}, now?: Date) {
  return call("POST", "/api/mentors/available-timeslots", { token, now, body: { slotDetails: { start: start.toISOString(), ...extra } } });
}

export async function publishOne(token: string, start: Date, now?: Date): Promise<string> {
  const r = await publish(token, start, {}, now);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.allTimeSlots[0]._id;
}

export const book = (token: string, slotId: string, now?: Date) =>
  call("POST", "/api/mentees/timeslots/1", { token, now, body: { values: {}, slotId } });
export const cancel = (token: string, slotId: string, now?: Date) =>
  call("PATCH", "/api/mentees/booked-slots/1", { token, now, body: { slotId } });
export const slotRow = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0];
