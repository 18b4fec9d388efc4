import * as v from "valibot";
import type { LiveRoom } from "../party/live-room";
import type { UserRoom } from "../party/user-room";
import { parseIceServers } from "./services/ice-servers";

const configSchema = v.object({
  DB_URL: v.pipe(v.string("DB_URL is not set"), v.url("DB_URL must be a URL such as http://127.0.0.1:8089 or libsql://<db>.turso.io")),
  DB_AUTH_TOKEN: v.optional(v.string()),
  JWT_SECRET: v.pipe(v.string("JWT_SECRET is not set"), v.minLength(32, "JWT_SECRET must be at least 32 characters")),
  ENVIRONMENT: v.picklist(["development", "test", "production"], "ENVIRONMENT must be development, test or production"),
  /** How long a public mentor search or profile may be reused per location (seconds, ADR 0016); 0 = always fresh. */
  SEARCH_CACHE_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, "SEARCH_CACHE_SECONDS must be a whole number of seconds (0-999)"), v.transform(Number)),
    "0",
  ),
  /** Stripe (ADR 0010): required in production; in development and tests, absent means the built-in local Stripe. */
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)"))),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)"))),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.pipe(v.string(), v.regex(/^pk_(test|live)_\w+$/, "STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_... or pk_live_...)"))),
  /** Development and tests only: the base URL of a fake Stripe API (tests point it at their fake). */
  STRIPE_API_URL: v.optional(v.pipe(v.string(), v.url("STRIPE_API_URL must be a URL such as http://127.0.0.1:12111"))),
  /**
   * Mail (ADR 0011). With MAIL_API_KEY, mail goes to an e-mail HTTP API (Resend's `POST /emails`
   * shape; MAIL_API_URL picks another compatible endpoint). Without it (development and tests only),
   * nothing leaves the machine and /dev/mailbox shows every message.
   */
  MAIL_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8, "MAIL_API_KEY looks too short"))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.regex(/^[^<>]*<?[^@\s<>]+@[^@\s<>]+>?$/, 'MAIL_FROM must be an address such as "MentorLink <no-reply@example.com>"')), "MentorLink <no-reply@mentorlink.local>"),
  MAIL_API_URL: v.optional(v.pipe(v.string(), v.url("MAIL_API_URL must be a URL such as https://api.resend.com/emails")), "https://api.resend.com/emails"),
  /** Google sign-in for mentees; without them, development uses the local stand-in at /dev/google. */
  GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  GOOGLE_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /** Development and tests only: the base URL of a fake Google (authorize, token and user-info endpoints). */
  GOOGLE_OAUTH_URL: v.optional(v.pipe(v.string(), v.url("GOOGLE_OAUTH_URL must be a URL such as http://127.0.0.1:12112"))),
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
});

const STRIPE_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const;

/** Production needs the three Stripe secrets and never talks to a fake; development and tests may omit them together. */
const configRules = v.pipe(
  configSchema,
  v.check(
    (c) => c.ENVIRONMENT !== "production" || STRIPE_SECRETS.every((name) => c[name]),
    `Production needs the Stripe secrets ${STRIPE_SECRETS.join(", ")} (npx wrangler secret put ...)`,
  ),
  v.check((c) => c.ENVIRONMENT !== "production" || !c.STRIPE_API_URL, "STRIPE_API_URL is for development and tests only"),
  v.check((c) => c.ENVIRONMENT !== "production" || (Boolean(c.MAIL_API_KEY) && !c.MAIL_FROM.endsWith(".local>")), "Production needs MAIL_API_KEY (npx wrangler secret put MAIL_API_KEY) and MAIL_FROM"),
  v.check((c) => c.ENVIRONMENT !== "production" || !c.GOOGLE_OAUTH_URL, "GOOGLE_OAUTH_URL is for development and tests only"),
  v.check((c) => !c.GOOGLE_CLIENT_ID === !c.GOOGLE_CLIENT_SECRET, "Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together"),
  v.check((c) => !c.TURN_KEY_ID === !c.TURN_KEY_API_TOKEN, "Set TURN_KEY_ID and TURN_KEY_API_TOKEN together"),
  v.check(
    (c) => !c.STRIPE_SECRET_KEY === !c.STRIPE_WEBHOOK_SECRET,
    "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together (or neither, in development, for the local Stripe)",
  ),
);

export type Config = v.InferOutput<typeof configSchema>;

export type Env = Config & {
  UserRoom: DurableObjectNamespace<UserRoom>;
  LiveRoom: DurableObjectNamespace<LiveRoom>;
  ASSETS: Fetcher;
  IMAGES: R2Bucket;
};

let checked: Config | undefined;

/** Validates the bindings once per isolate; a bad deployment fails loudly on its first request. */
export function readConfig(env: Env): Config {
  if (checked) return checked;
  const result = v.safeParse(configRules, env);
  if (!result.success) {
    throw new Error(`Invalid Worker configuration: ${result.issues.map((i) => i.message).join("; ")}`);
  }
  checked = result.output;
  return checked;
}
