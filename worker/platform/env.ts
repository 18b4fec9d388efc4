import * as v from "valibot";
import type { LiveRoom } from "../../party/live-room";
import type { UserRoom } from "../../party/user-room";
import { parseIceServers } from "./ice-servers";

const configSchema = v.object({
  DB_URL: v.pipe(v.string("DB_URL is not set"), v.url("DB_URL must be a URL such as http://127.0.0.1:8089 or libsql://<db>.turso.io")),
  DB_AUTH_TOKEN: v.optional(v.string()),
  JWT_SECRET: v.pipe(v.string("JWT_SECRET is not set"), v.minLength(32, "JWT_SECRET must be at least 32 characters")),
  /** Exactly one of two: anything else (test, staging, a typo) refuses to serve rather than guess which doors to open. */
  ENVIRONMENT: v.picklist(["development", "production"], "ENVIRONMENT must be exactly development or production"),
  /** How long a public mentor search or profile may be reused per location (seconds, ADR 0016); 0 = always fresh. */
  SEARCH_CACHE_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, "SEARCH_CACHE_SECONDS must be a whole number of seconds (0-999)"), v.transform(Number)),
    "0",
  ),
  /** Stripe (ADR 0010): required in production; `npm run dev` and the tests set the local Stripe's (ADR 0033). */
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)")),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)")),
  ),
  STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^pk_(test|live)_\w+$/, "STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_... or pk_live_...)")),
  ),
  /** Stripe Connect (ADR 0024): the signing secret of the Connect webhook endpoint (`/api/stripe/connect-webhook`). */
  STRIPE_CONNECT_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^whsec_\w+$/, "STRIPE_CONNECT_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)")),
  ),
  /** The platform's share of every subscription payment, in percent (0-50, up to two decimals); the rest goes to the mentor. */
  PLATFORM_FEE_PERCENT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}(\.\d{1,2})?$/, "PLATFORM_FEE_PERCENT must be a percentage such as 20 or 12.5"),
      v.transform(Number),
      v.check((n) => n >= 0 && n <= 50, "PLATFORM_FEE_PERCENT must be between 0 and 50"),
    ),
    "20",
  ),
  /** Development only: the base URL of a stand-in Stripe API (the local Stripe of ADR 0033 in `npm run dev` and the tests). */
  STRIPE_API_URL: v.optional(v.pipe(v.string(), v.url("STRIPE_API_URL must be a URL such as http://127.0.0.1:12111"))),
  /**
   * Mail (ADR 0011). With MAIL_API_KEY, mail goes to an e-mail HTTP API (Resend's `POST /emails`
   * shape; MAIL_API_URL picks another compatible endpoint). Without it (development only), nothing
   * leaves the machine and /dev/mailbox shows every message.
   */
  MAIL_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8, "MAIL_API_KEY looks too short"))),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[^<>]*<?[^@\s<>]+@[^@\s<>]+>?$/, 'MAIL_FROM must be an address such as "MentorLink <no-reply@example.com>"'),
    ),
    "MentorLink <no-reply@mentorlink.local>",
  ),
  MAIL_API_URL: v.optional(
    v.pipe(v.string(), v.url("MAIL_API_URL must be a URL such as https://api.resend.com/emails")),
    "https://api.resend.com/emails",
  ),
  /** Google sign-in for mentees; `npm run dev` and the tests set the local Google's client (ADR 0033). */
  GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  GOOGLE_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /** Development only: the base URL of a fake Google (authorize, token and user-info endpoints). */
  GOOGLE_OAUTH_URL: v.optional(v.pipe(v.string(), v.url("GOOGLE_OAUTH_URL must be a URL such as http://127.0.0.1:12112"))),
  /** Development only: the base URL of a fake Google Calendar API v3 (the local Google Calendar, ADR 0033). */
  GOOGLE_CALENDAR_API_URL: v.optional(
    v.pipe(v.string(), v.url("GOOGLE_CALENDAR_API_URL must be a URL such as http://127.0.0.1:12112/dev/google-calendar/v3")),
  ),
  /**
   * Live sessions (ADR 0015): ICE_SERVERS replaces the default STUN (a JSON array of
   * `{ urls, username?, credential? }`); TURN_KEY_ID with TURN_KEY_API_TOKEN fetches short-lived
   * TURN credentials from Cloudflare's TURN service for each call.
   */
  ICE_SERVERS: v.optional(
    v.pipe(
      v.string(),
      v.transform(parseIceServers),
      v.check((servers) => servers !== null, 'ICE_SERVERS must be a JSON array such as [{"urls":"stun:stun.example.com:3478"}]'),
      v.transform((servers) => servers!),
    ),
  ),
  TURN_KEY_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  TURN_KEY_API_TOKEN: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /**
   * Web Push (ADR 0027): the application server's VAPID key pair (RFC 8292), P-256, base64url: the
   * public key as the 65-byte uncompressed point browsers take as `applicationServerKey`, the private
   * key as its 32-byte scalar (README, Production, prints a pair), and the contact push services may
   * write to. Required in production; `npm run dev` and the tests set a fixed development pair
   * (scripts/worker-vars.ts).
   */
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^B[\w-]{86}$/, "VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters starting with B)"),
    ),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[\w-]{43}$/, "VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)")),
  ),
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/,
        "VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you",
      ),
    ),
  ),
  /**
   * Development only: the base URL of a local Web Push service (the doubles' `…/dev/push`, ADR 0033). The app's
   * development pages subscribe there instead of at the browser's push service, and its endpoints (`<base>/send/<id>`)
   * are accepted beside the browsers' push services.
   */
  PUSH_SERVICE_URL: v.optional(v.pipe(v.string(), v.url("PUSH_SERVICE_URL must be a URL such as http://127.0.0.1:12112/dev/push"))),
  /**
   * Mentors' connected calendars (ADR 0040): the AES-GCM key their credentials are encrypted with, 32 random bytes in
   * base64url (`openssl rand -base64 32 | tr '+/' '-_' | tr -d '='`). Required in production; `npm run dev` and the
   * tests set a fixed development key (scripts/worker-vars.ts).
   */
  CALENDAR_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[\w-]{43}=?$/, "CALENDAR_KEY must be 32 random bytes in base64url (43 characters)")),
  ),
});

const STRIPE_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_CONNECT_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const;
const VAPID_SETTINGS = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;

/** A rule across settings: which settings it names, and why it failed (never their values). */
type Rule = { settings: string[]; reason: string; holds: (c: Config) => boolean };

/** Production needs its secrets and never talks to a double; development may omit them (`npm run dev` points them at the local doubles, ADR 0033). */
const configRules: Rule[] = [
  ...STRIPE_SECRETS.map((name) => ({
    settings: [name],
    reason: `Production needs ${name} (npx wrangler secret put ${name})`,
    holds: (c: Config) => c.ENVIRONMENT !== "production" || Boolean(c[name]),
  })),
  {
    settings: ["STRIPE_API_URL"],
    reason: "STRIPE_API_URL is for development only",
    holds: (c) => c.ENVIRONMENT !== "production" || !c.STRIPE_API_URL,
  },
  {
    settings: ["MAIL_API_KEY"],
    reason: "Production needs MAIL_API_KEY (npx wrangler secret put MAIL_API_KEY)",
    holds: (c) => c.ENVIRONMENT !== "production" || Boolean(c.MAIL_API_KEY),
  },
  {
    settings: ["MAIL_FROM"],
    reason: "Production needs MAIL_FROM, a real sender address",
    holds: (c) => c.ENVIRONMENT !== "production" || !c.MAIL_FROM.endsWith(".local>"),
  },
  {
    settings: ["GOOGLE_OAUTH_URL"],
    reason: "GOOGLE_OAUTH_URL is for development only",
    holds: (c) => c.ENVIRONMENT !== "production" || !c.GOOGLE_OAUTH_URL,
  },
  {
    settings: ["GOOGLE_CALENDAR_API_URL"],
    reason: "GOOGLE_CALENDAR_API_URL is for development only",
    holds: (c) => c.ENVIRONMENT !== "production" || !c.GOOGLE_CALENDAR_API_URL,
  },
  {
    settings: ["PUSH_SERVICE_URL"],
    reason: "PUSH_SERVICE_URL is for development only",
    holds: (c) => c.ENVIRONMENT !== "production" || !c.PUSH_SERVICE_URL,
  },
  {
    settings: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    reason: "Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together",
    holds: (c) => !c.GOOGLE_CLIENT_ID === !c.GOOGLE_CLIENT_SECRET,
  },
  {
    settings: ["TURN_KEY_ID", "TURN_KEY_API_TOKEN"],
    reason: "Set TURN_KEY_ID and TURN_KEY_API_TOKEN together",
    holds: (c) => !c.TURN_KEY_ID === !c.TURN_KEY_API_TOKEN,
  },
  ...VAPID_SETTINGS.map((name) => ({
    settings: [name],
    reason: `Production needs ${name} for Web Push (npx wrangler secret put ${name})`,
    holds: (c: Config) => c.ENVIRONMENT !== "production" || Boolean(c[name]),
  })),
  {
    settings: [...VAPID_SETTINGS],
    reason: "Set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together (or none, in development, to leave Web Push off)",
    holds: (c) => new Set(VAPID_SETTINGS.map((name) => Boolean(c[name]))).size === 1,
  },
  {
    settings: ["CALENDAR_KEY"],
    reason: "Production needs CALENDAR_KEY for mentors' calendars (npx wrangler secret put CALENDAR_KEY)",
    holds: (c) => c.ENVIRONMENT !== "production" || Boolean(c.CALENDAR_KEY),
  },
  {
    settings: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    reason: "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together (or neither, in development, for the local Stripe)",
    holds: (c) => !c.STRIPE_SECRET_KEY === !c.STRIPE_WEBHOOK_SECRET,
  },
];

export type Config = v.InferOutput<typeof configSchema>;

/** What the background queues carry (wrangler.toml, ADR 0031): ids of rows that are the truth, never the work itself. */
export type MailJob = { kind: "mail"; id: string };
/** Several reminders due at the same second go in one message, so one consumer invocation carries a wave of them. */
export type ReminderJob = { kind: "reminder"; planIds: string[] };
/** Bell notices to push to their recipients' tabs and devices (a wave of reminders). */
export type NoticePushJob = { kind: "notice-push"; notificationIds: string[] };
/** A person's data archive to build (ADR 0039). */
export type ExportJob = { kind: "export"; id: string };
/** A mentor's calendar to pull into the busy-time mirror, or a booking whose event in his calendar must agree (ADR 0040). */
export type CalendarJob = { kind: "calendar-pull"; sourceId: string } | { kind: "calendar-session"; bookingId: string };
export type BackgroundJob = MailJob | ReminderJob | NoticePushJob | ExportJob | CalendarJob;

export type Env = Config & {
  UserRoom: DurableObjectNamespace<UserRoom>;
  LiveRoom: DurableObjectNamespace<LiveRoom>;
  ASSETS: Fetcher;
  IMAGES: R2Bucket;
  /** Mail a person waits for (codes, links, booking changes); never behind bulk. */
  MAIL_URGENT: Queue<MailJob>;
  /** Mail that may wait its turn (welcome, receipts, reminders). */
  MAIL_BULK: Queue<MailJob>;
  /** Session reminders, each sent to arrive at its instant. */
  REMINDERS: Queue<ReminderJob>;
  /** Bell notices pushed to tabs and devices, a few at a time. */
  NOTICE_PUSHES: Queue<NoticePushJob>;
  /** People's data archives to build, one at a time. */
  EXPORT_JOBS: Queue<ExportJob>;
  /** Mentors' calendars: pulls into the busy-time mirror and sessions written to them (ADR 0040). */
  CALENDAR_SYNC: Queue<CalendarJob>;
  /** The built archives, each downloadable once for a day, then deleted. */
  EXPORT_FILES: R2Bucket;
  /** The placed API (wrangler.api.toml, ADR 0017): the edge Worker forwards signed-in calls to it; the placed API itself has none. */
  API?: Fetcher;
};

/** One setting (or a pair) that is missing or wrong, and why; a value is never repeated, as it may be a secret. */
export type ConfigProblem = { settings: string[]; reason: string };
export type ConfigCheck = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

/**
 * A setting that is absent gets the plain "is not set" (the object schema's own message is about
 * keys); a message that would echo the value it refused is replaced, so no secret reaches a response or a log.
 */
function problemOf(issue: v.BaseIssue<unknown>): ConfigProblem {
  const setting = issue.path?.map((p) => String(p.key)).join(".") ?? "configuration";
  if (issue.type === "object" && issue.input === undefined) return { settings: [setting], reason: `${setting} is not set` };
  const echoes = typeof issue.input === "string" && issue.input.length > 0 && issue.message.includes(issue.input);
  return { settings: [setting], reason: echoes ? `${setting} is not valid` : issue.message };
}

/** Every problem of these bindings at once (the schema's, then the rules across settings). */
export function checkConfig(env: Record<string, unknown>): ConfigCheck {
  const parsed = v.safeParse(configSchema, env, { abortEarly: false });
  if (!parsed.success) return { ok: false, problems: parsed.issues.map(problemOf) };
  const problems = configRules.filter((rule) => !rule.holds(parsed.output)).map(({ settings, reason }) => ({ settings, reason }));
  return problems.length ? { ok: false, problems } : { ok: true, config: parsed.output };
}

/** The one development gate: the base URLs of the local doubles, /dev/* and the clock header are honoured only here. */
export const isDevelopment = (config: Pick<Config, "ENVIRONMENT">): boolean => config.ENVIRONMENT === "development";

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Invalid Worker configuration: ${problems.map((p) => p.reason).join("; ")}`);
  }
}

// Bindings are fixed for an isolate's life, so each set is checked once.
const checks = new WeakMap<object, ConfigCheck>();

/** The bindings' check, once per isolate. */
export function configCheckFor(env: Env): ConfigCheck {
  let check = checks.get(env);
  if (!check) {
    check = checkConfig(env);
    checks.set(env, check);
  }
  return check;
}

/** The valid configuration; throws ConfigError otherwise (requests never get here then: worker/platform/config-gate.ts answers 503 first). */
export function readConfig(env: Env): Config {
  const check = configCheckFor(env);
  if (!check.ok) throw new ConfigError(check.problems);
  return check.config;
}
