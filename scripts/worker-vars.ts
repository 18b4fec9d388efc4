import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A signing secret kept in the git-ignored data folder, so local sessions survive restarts. */
export function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The development Web Push key pair (ADR 0027): fixed, and public on purpose, so a subscription a
 * browser made in `npm run dev` keeps working across restarts and the tests know the key the
 * local push service checks. Production sets its own (`npx wrangler secret put VAPID_PRIVATE_KEY`,
 * and VAPID_PUBLIC_KEY and VAPID_SUBJECT as vars); worker/platform/env.ts refuses production without them.
 */
export const DEV_VAPID = {
  VAPID_PUBLIC_KEY: "BHR1smJ94ui7UstJazQECSJpgSoJ3OsfXNlpQ_LPwCjRnsF4bkS81VdJQiyOQTllkIX5T3Vh8bIqrWVUv89HjdM",
  VAPID_PRIVATE_KEY: "EdGiNicxbCuMc_fiqdjpmPfT7QG__MvWeIzWo5Ez4QY",
  VAPID_SUBJECT: "mailto:dev-push@mentorlink.localhost",
};

/**
 * The development key mentors' calendar credentials are encrypted with (ADR 0040): fixed and public on purpose,
 * like the VAPID pair, so a calendar connected in `npm run dev` survives restarts. Production sets its own
 * (`npx wrangler secret put CALENDAR_KEY`); worker/platform/env.ts refuses production without it.
 */
export const DEV_CALENDAR_KEY = { CALENDAR_KEY: "bWVudG9ybGluay1kZXZlbG9wbWVudC1jYWxlbmRhcnM" };

/** The Worker's local variables; read by the Vite plugin and by wrangler dev from `.dev.vars`. */
export function writeDevVars(vars: Record<string, string>, file = ".dev.vars"): void {
  writeFileSync(
    file,
    `${Object.entries(vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
}

/** No Cloudflare account here: keep wrangler from calling home. */
export const offlineWranglerEnv = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
};
