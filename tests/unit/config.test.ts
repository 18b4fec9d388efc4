import { describe, expect, it } from "vitest";
import { type ConfigProblem, checkConfig, isDevelopment } from "../../worker/platform/env";

/** One development gate, and a configuration that cannot serve says which settings are wrong. */

const development = { DB_URL: "http://127.0.0.1:8089", JWT_SECRET: "a-development-secret-of-32-characters!", ENVIRONMENT: "development" };
const production = {
  ...development,
  ENVIRONMENT: "production",
  STRIPE_SECRET_KEY: "sk_live_secretvalue123",
  STRIPE_WEBHOOK_SECRET: "whsec_secretvalue123",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connectvalue123",
  STRIPE_PUBLISHABLE_KEY: "pk_live_publicvalue123",
  MAIL_API_KEY: "re_secretvalue123",
  MAIL_FROM: "MentorLink <no-reply@mentorlink.example>",
  VAPID_PUBLIC_KEY: "BHR1smJ94ui7UstJazQECSJpgSoJ3OsfXNlpQ_LPwCjRnsF4bkS81VdJQiyOQTllkIX5T3Vh8bIqrWVUv89HjdM",
  VAPID_PRIVATE_KEY: "EdGiNicxbCuMc_fiqdjpmPfT7QG__MvWeIzWo5Ez4QY",
  VAPID_SUBJECT: "mailto:push@mentorlink.example",
  CALENDAR_KEY: "cHJvZHVjdGlvbi1jYWxlbmRhci1rZXktMzItYnl0ZXM",
};

const problemsOf = (env: Record<string, unknown>): ConfigProblem[] => {
  const check = checkConfig(env);
  return check.ok ? [] : check.problems;
};
const settingsOf = (env: Record<string, unknown>) => problemsOf(env).flatMap((p) => p.settings);

describe("the Worker's configuration", () => {
  it("accepts development with nothing but the database and a signing secret, and opens the development doors there only", () => {
    const check = checkConfig(development);
    expect(check.ok).toBe(true);
    expect(check.ok && isDevelopment(check.config)).toBe(true);
  });

  it("accepts production with its secrets, and keeps the development doors shut", () => {
    const check = checkConfig(production);
    expect(check).toMatchObject({ ok: true });
    expect(check.ok && isDevelopment(check.config)).toBe(false);
  });

  it.each(["test", "staging", "Development", "", undefined])("refuses ENVIRONMENT=%s with a clear message", (environment) => {
    expect(problemsOf({ ...development, ENVIRONMENT: environment })).toEqual([
      { settings: ["ENVIRONMENT"], reason: "ENVIRONMENT must be exactly development or production" },
    ]);
  });

  it("refuses production without a secret, naming each missing setting", () => {
    const { STRIPE_WEBHOOK_SECRET: _webhook, MAIL_API_KEY: _mail, ...missing } = production;
    expect(settingsOf(missing)).toEqual(expect.arrayContaining(["STRIPE_WEBHOOK_SECRET", "MAIL_API_KEY"]));
    expect(problemsOf(missing).find((p) => p.settings.includes("MAIL_API_KEY"))?.reason).toMatch(/Production needs MAIL_API_KEY/);
  });

  it("refuses production talking to a fake Stripe, Google or push service, and the local sender address", () => {
    expect(settingsOf({ ...production, STRIPE_API_URL: "http://127.0.0.1:12111" })).toEqual(["STRIPE_API_URL"]);
    expect(settingsOf({ ...production, GOOGLE_OAUTH_URL: "http://127.0.0.1:12112" })).toEqual(["GOOGLE_OAUTH_URL"]);
    expect(settingsOf({ ...production, GOOGLE_CALENDAR_API_URL: "http://127.0.0.1:12112/dev/google-calendar/v3" })).toEqual([
      "GOOGLE_CALENDAR_API_URL",
    ]);
    expect(settingsOf({ ...production, PUSH_SERVICE_URL: "http://127.0.0.1:12112/dev/push" })).toEqual(["PUSH_SERVICE_URL"]);
    expect(settingsOf({ ...production, MAIL_FROM: undefined })).toEqual(["MAIL_FROM"]);
  });

  it("refuses production without the key mentors' calendar credentials are sealed with, or a key of the wrong length", () => {
    const { CALENDAR_KEY: _key, ...withoutKey } = production;
    expect(problemsOf(withoutKey)).toEqual([
      { settings: ["CALENDAR_KEY"], reason: "Production needs CALENDAR_KEY for mentors' calendars (npx wrangler secret put CALENDAR_KEY)" },
    ]);
    expect(settingsOf({ ...production, CALENDAR_KEY: "too-short" })).toEqual(["CALENDAR_KEY"]);
  });

  it("refuses production without its Web Push keys, keys set apart, or keys that are not P-256 keys", () => {
    const { VAPID_PRIVATE_KEY: _private, ...withoutPrivate } = production;
    expect(settingsOf(withoutPrivate)).toEqual(expect.arrayContaining(["VAPID_PRIVATE_KEY"]));
    expect(problemsOf(withoutPrivate).find((p) => p.settings.length === 1 && p.settings[0] === "VAPID_PRIVATE_KEY")?.reason).toMatch(
      /Production needs VAPID_PRIVATE_KEY/,
    );
    // Development may leave Web Push off, but not half configured.
    expect(checkConfig(development).ok).toBe(true);
    expect(settingsOf({ ...development, VAPID_PUBLIC_KEY: production.VAPID_PUBLIC_KEY })).toEqual([
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
    ]);
    expect(settingsOf({ ...production, VAPID_PUBLIC_KEY: "not-a-key" })).toEqual(["VAPID_PUBLIC_KEY"]);
    expect(settingsOf({ ...production, VAPID_SUBJECT: "push@mentorlink.example" })).toEqual(["VAPID_SUBJECT"]);
  });

  it("names every problem at once, and never repeats a value", () => {
    const env = {
      DB_URL: "not a url",
      JWT_SECRET: "short-secret-value",
      ENVIRONMENT: "production",
      STRIPE_SECRET_KEY: "sk_nope_secretvalue",
    };
    const problems = problemsOf(env);
    expect(problems.flatMap((p) => p.settings)).toEqual(expect.arrayContaining(["DB_URL", "JWT_SECRET", "STRIPE_SECRET_KEY"]));
    const text = JSON.stringify(problems);
    for (const value of Object.values(env)) if (value !== "production") expect(text).not.toContain(value);
  });

  it("refuses a missing signing secret, and pairs that must come together", () => {
    const { JWT_SECRET: _secret, ...noSecret } = development;
    expect(problemsOf(noSecret)).toEqual([{ settings: ["JWT_SECRET"], reason: "JWT_SECRET is not set" }]);
    expect(settingsOf({ ...development, GOOGLE_CLIENT_ID: "client-id" })).toEqual(["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  });
});
