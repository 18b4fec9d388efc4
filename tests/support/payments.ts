import { createTRPCClient, httpLink } from "@trpc/client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { enrollments } from "../../db/schema";
import { type Stack, startStack } from "../../scripts/built-stack";
import type { LocalStripeControls } from "../../worker/dev/local-stripe/controls";
import type { Period } from "../../worker/dev/local-stripe/lifecycle";
import type { AppRouter } from "../../worker/trpc/router";
import { createMentee, signIn, testDb } from "./accounts";

/**
 * Subscribe and pay against the local Stripe (ADR 0033) with events in the test's order: a test file that calls
 * `ownPaymentsStack()` runs its own Worker and doubles on the shared test database (started before its tests, stopped
 * after), so `stripe` (its local Stripe's controls) logs only this file's calls, and a test moves a checkout,
 * subscription or account through its lifecycle and sends the signed events Stripe would, one by one.
 */
let stack: Stack;
/** This file's local Stripe (worker/dev/local-stripe/controls.ts), once its stack has started. */
export let stripe: LocalStripeControls;
export const base = () => stack.baseUrl;
/** Where this file's local Stripe serves its pages (the checkout, onboarding and Express dashboard links it hands out). */
export const stripePages = () => `${stack.doubles.url}/dev/stripe`;

/**
 * Starts this file's stack before its tests and stops it after. Called by each file, not on import: the files of a
 * worker share their imported modules (vitest.config.ts), so hooks registered on import would serve the first file only.
 */
export function ownPaymentsStack(): void {
  beforeAll(async () => {
    // The same signing secret as the shared stack, so sign-ins there hold here.
    stack = await startStack({ dbUrl: inject("dbUrl"), vars: { JWT_SECRET: inject("jwtSecret") } });
    stripe = stack.doubles.stripe;
  });
  afterAll(async () => {
    await stack?.stop();
  });
}

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

/** Checkout, pay on the local Stripe, and deliver checkout.session.completed alone: an active subscription. */
export async function subscribe(token: string, mentorId: string, period?: Period) {
  const { body } = await checkout(token, mentorId);
  const paid = await stripe.pay(sessionIdOf(body.url), period);
  const delivered = await stripe.send(stripe.event("checkout.session.completed", paid.session));
  expect(delivered).toMatchObject({ status: 200, body: { outcome: "activated" } });
  return paid;
}
