import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Stack, startStack } from "../../scripts/built-stack";
import { type Sqld, startSqld } from "../../scripts/sqld";
import { MISCONFIGURED_MESSAGE } from "../../worker/platform/config-gate";
import { accessTokenFor, createMentor } from "../support/accounts";
import { baseUrl, doublesUrl } from "../support/api";
import { testDevice } from "../support/web-push";

/**
 * One development gate. Beside the shared Worker (development, as in `npm run dev`),
 * this file starts, once, a production Worker with dummy secrets on the shared database, a Worker
 * with ENVIRONMENT=staging (refused), and a development Worker on an empty database (its jobs fail).
 */
let production: Stack;
let staging: Stack;
let broken: Stack;
let emptyDb: Sqld;
const emptyDbDir = mkdtempSync(join(tmpdir(), "mentorlink-empty-db-"));

beforeAll(async () => {
  emptyDb = await startSqld({ dataDir: emptyDbDir });
  [production, staging, broken] = await Promise.all([
    startStack({
      dbUrl: inject("dbUrl"),
      vars: {
        JWT_SECRET: inject("jwtSecret"),
        ENVIRONMENT: "production",
        STRIPE_SECRET_KEY: "sk_test_dummy0000000000",
        STRIPE_WEBHOOK_SECRET: "whsec_dummy0000000000",
        STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_dummyconnect000",
        STRIPE_PUBLISHABLE_KEY: "pk_test_dummy0000000000",
        MAIL_API_KEY: "re_dummy0000000000",
        MAIL_FROM: "MentorLink <no-reply@mentorlink.test>",
        // Nothing this file does sends mail; if something did, it would go nowhere.
        MAIL_API_URL: "http://127.0.0.1:9/emails",
      },
    }),
    startStack({ dbUrl: inject("dbUrl"), vars: { ENVIRONMENT: "staging" }, misconfigured: true }),
    startStack({ dbUrl: emptyDb.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([production?.stop(), staging?.stop(), broken?.stop()]);
  await emptyDb?.stop();
  rmSync(emptyDbDir, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;

/** Publishes a slot that started two days ago, as if the request were made `shift` earlier (the clock header). */
async function publishInThePast(origin: string, token: string, shift: number) {
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR);
  const response = await fetch(`${origin}/api/mentors/available-timeslots`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "x-mentorlink-now": new Date(start.getTime() - shift).toISOString(),
    },
    body: JSON.stringify({ slotDetails: { start: start.toISOString() } }),
  });
  return response.status;
}

describe("production", () => {
  it("is healthy", async () => {
    const health = await fetch(`${production.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
  });

  it("has no development doors: /dev/cron and /dev/queues answer 404", async () => {
    const doors = [
      ["POST", "/dev/cron"],
      ["POST", "/dev/cron/deliverMail"],
    ];
    for (const [method, path] of doors)
      expect((await fetch(`${production.baseUrl}${path}`, { method })).status, `${method} ${path}`).toBe(404);
    // The same doors are open on the development Worker, so this test can fail.
    expect(await (await fetch(`${baseUrl()}/dev/cron/nope`, { method: "POST" })).json()).toMatchObject({
      message: expect.stringContaining('No job "nope"'),
    });
  });

  it("has no local Stripe, mailbox, Google or push service: the Worker has no such pages, the doubles beside it do (ADR 0033)", async () => {
    const pages = [
      "/dev/push",
      "/dev/push/messages.json",
      "/dev/mailbox",
      "/dev/mailbox/messages.json",
      "/dev/stripe",
      "/dev/stripe/checkout/cs_test_1",
      "/dev/stripe/connect/acct_1?link=acctlink_1",
      "/dev/stripe/express/acct_1",
      "/dev/google/o/oauth2/v2/auth",
    ];
    for (const origin of [production.baseUrl, baseUrl()]) {
      for (const path of pages) {
        const body = await (await fetch(`${origin}${path}`)).text();
        expect(body, `${origin}${path}`).not.toMatch(
          /Development mailbox|Local Stripe|Choose an account|local checkout|"subject"|Development push service|"vapidSubject"/,
        );
      }
      // Nor does it hand out a subscription of one.
      expect((await fetch(`${origin}/dev/push/subscriptions`, { method: "POST" })).status, origin).not.toBe(201);
    }
    expect((await fetch(`${doublesUrl()}/dev/mailbox`)).status).toBe(200);
    expect((await fetch(`${doublesUrl()}/dev/stripe`)).status).toBe(200);
    expect(await (await fetch(`${doublesUrl()}/dev/push`)).text()).toContain("Development push service");
    expect((await fetch(`${doublesUrl()}/dev/push/subscriptions`, { method: "POST" })).status).toBe(400); // there, but wants a key
    expect((await fetch(`${doublesUrl()}/dev/google/o/oauth2/v2/auth`)).status).toBe(400); // there, but wants its query
  });

  it("subscribes at the browser's push service only: no local push service, and its endpoints are refused", async () => {
    const mentor = await createMentor();
    const token = await accessTokenFor("mentor", mentor.id);
    const call = (origin: string, path: string, body?: unknown) =>
      fetch(`${origin}/trpc/${path}${body ? "" : `?input=${encodeURIComponent("{}")}`}`, {
        method: body ? "POST" : "GET",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { result: { data: { push: unknown } } } }));
    const overview = await call(production.baseUrl, "notificationSettings.overview");
    expect(overview.body.result.data.push).toEqual({ publicKey: expect.any(String), service: "browser" });
    const device = await testDevice();
    const subscribe = (origin: string) =>
      call(origin, "notificationSettings.subscribe", { endpoint: device.endpoint, keys: device.keys, label: "x" });
    const refused = await subscribe(production.baseUrl);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("A push endpoint must be an https address of a browser's push service.");
    // The development Worker takes the same subscription, so this test can fail.
    expect((await subscribe(baseUrl())).status).toBe(200);
  });

  it("without Google credentials says Google is not configured, with no stand-in", async () => {
    const response = await fetch(`${production.baseUrl}/api/mentees/google_auth_mentee`, { redirect: "manual" });
    expect(new URL(response.headers.get("location")!, production.baseUrl).hash).toBe(
      `#${new URLSearchParams({ error: "not_configured" })}`,
    );
  });

  it("ignores the x-mentorlink-now header: the clock is the real one", async () => {
    const mentor = await createMentor();
    const token = await accessTokenFor("mentor", mentor.id);
    // Development believes the header: two days earlier, a slot starting "now" is still ahead.
    expect(await publishInThePast(baseUrl(), token, 2 * HOUR)).toBe(201);
    expect(await publishInThePast(production.baseUrl, token, 3 * HOUR)).toBe(400);
  });
});

describe("any ENVIRONMENT but development or production", () => {
  it("/healthz answers 503 naming ENVIRONMENT and why", async () => {
    const health = await fetch(`${staging.baseUrl}/healthz`);
    expect(health.status).toBe(503);
    const body = await health.json();
    expect(body).toMatchObject({
      ok: false,
      problems: [{ settings: ["ENVIRONMENT"], reason: "ENVIRONMENT must be exactly development or production" }],
    });
    expect(JSON.stringify(body)).not.toContain("staging");
    expect(JSON.stringify(body)).not.toContain(staging.jwtSecret);
  });

  it("every other route answers 503 with a clear JSON message, not a 500", async () => {
    for (const path of ["/api/mentors/all-mentors", "/trpc/auth.session", "/dev/cron", "/dev/push"]) {
      const response = await fetch(`${staging.baseUrl}${path}`, { method: path === "/dev/cron" ? "POST" : "GET" });
      expect(response.status, path).toBe(503);
      expect(await response.json(), path).toEqual({ message: MISCONFIGURED_MESSAGE, error: MISCONFIGURED_MESSAGE });
    }
  });
});

describe("/dev/cron", () => {
  it("a failing job answers a generic JSON error naming the job, never the SQL error", async () => {
    const response = await fetch(`${broken.baseUrl}/dev/cron`, { method: "POST" });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    const body = (await response.json()) as { message: string; error: string; jobs: Record<string, unknown> };
    expect(body.message).toBe(body.error);
    expect(body.message).toContain("deliverMail");
    expect(body.message).toContain(requestId);
    expect(body.jobs).toMatchObject({ deliverMail: "failed", pruneExpiredRecords: "failed" });
    expect(JSON.stringify(body)).not.toMatch(/no such table|email_outbox|one_time_codes|sql/i);
  });
});
