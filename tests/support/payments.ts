import { createTRPCClient, httpLink } from "@trpc/client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { enrollments } from "../../db/schema";
import { type Stack, startStack } from "../../scripts/built-stack";
import type { AppRouter } from "../../worker/trpc/router";
import { createMentee, signIn, testDb } from "./accounts";
import { FAKE_CONNECT_WEBHOOK_SECRET, FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, FakeStripe } from "./fake-stripe";

/**
 * Subscribe and pay against a fake Stripe at the HTTP boundary: a test file that imports this runs
 * its own Worker on the shared test database with STRIPE_API_URL pointing at the fake (started before
 * its tests, stopped after), and sends the signed events Stripe would.
 */
export const fake = new FakeStripe();
let stack: Stack;
export const base = () => stack.baseUrl;

beforeAll(async () => {
  await fake.start();
  stack = await startStack({
    dbUrl: inject("dbUrl"),
    // The same signing secret as the shared stack, so sign-ins there hold here.
    vars: {
      JWT_SECRET: inject("jwtSecret"),
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: FAKE_CONNECT_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
      STRIPE_API_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await fake.stop();
});

export async function rest(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

export const trpc = (token?: string) =>
  createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${base()}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });

export async function mentee() {
  const row = await createMentee();
  return { ...(await signIn("mentee", row.email)), row };
}

export const checkout = (token: string, mentorId: string, extra: Record<string, unknown> = {}) =>
  rest("POST", "/api/mentees/create-checkout", { token, body: { mentorId, ...extra } });
export const sessionIdOf = (url: string) => url.split("/").pop()!;
export const pairRows = (menteeId: string, mentorId: string) =>
  testDb()
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.menteeId, menteeId), eq(enrollments.mentorId, mentorId)));
export const isActiveFor = async (token: string, mentorId: string) =>
  (await trpc(token).mentors.profile.query({ mentorId })).isEnrollmentActive;

/** Checkout, pay on the fake, and deliver checkout.session.completed: an active subscription. */
export async function subscribe(token: string, mentorId: string, period?: { start: number; end: number }) {
  const { body } = await checkout(token, mentorId);
  const paid = fake.completeCheckout(sessionIdOf(body.url), period);
  const delivered = await fake.send(base(), fake.event("checkout.session.completed", paid.session));
  expect(delivered).toMatchObject({ status: 200, body: { outcome: "activated" } });
  return paid;
}
