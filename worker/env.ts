import * as v from "valibot";
import type { UserRoom } from "../party/user-room";

const configSchema = v.object({
  DB_URL: v.pipe(v.string("DB_URL is not set"), v.url("DB_URL must be a URL such as http://127.0.0.1:8089 or libsql://<db>.turso.io")),
  DB_AUTH_TOKEN: v.optional(v.string()),
  JWT_SECRET: v.pipe(v.string("JWT_SECRET is not set"), v.minLength(32, "JWT_SECRET must be at least 32 characters")),
  ENVIRONMENT: v.picklist(["development", "test", "production"], "ENVIRONMENT must be development, test or production"),
  /** How long a public mentor search may be reused (seconds); 0 = always fresh. */
  SEARCH_CACHE_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, "SEARCH_CACHE_SECONDS must be a whole number of seconds (0-999)"), v.transform(Number)),
    "0",
  ),
});

export type Config = v.InferOutput<typeof configSchema>;

export type Env = Config & {
  UserRoom: DurableObjectNamespace<UserRoom>;
  ASSETS: Fetcher;
  IMAGES: R2Bucket;
};

let checked: Config | undefined;

/** Validates the bindings once per isolate; a bad deployment fails loudly on its first request. */
export function readConfig(env: Env): Config {
  if (checked) return checked;
  const result = v.safeParse(configSchema, env);
  if (!result.success) {
    throw new Error(`Invalid Worker configuration: ${result.issues.map((i) => i.message).join("; ")}`);
  }
  checked = result.output;
  return checked;
}
