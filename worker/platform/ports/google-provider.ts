import { decodeJWT } from "@oslojs/jwt";
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import * as v from "valibot";
import type { Config } from "../env";

/** Where Google keeps account pictures: the only remote images the app shows (a Google account's own picture). */
export const GOOGLE_PICTURE_ORIGIN = /^https:\/\/[a-z0-9-]+\.googleusercontent\.com\//;

/** What the callback needs from Google: who signed in, and whether Google verified the e-mail. */
export type GoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
  /** When the person last entered her Google credentials (seconds, the ID token's `auth_time`), when Google says. */
  authTime?: number;
};

/** A fresh sign-in: Google asks for the credentials again (`prompt=login`, `max_age=0`) instead of reusing its session. */
export type AuthorizationOptions = { fresh?: boolean };

/**
 * Google's OAuth 2.0 with PKCE. `authorizationUrl` starts the flow; `identity` exchanges the code
 * (with the PKCE verifier) and reads the user's profile: Google itself, or in development and tests
 * the local Google at GOOGLE_OAUTH_URL (worker/dev/local-google.ts, ADR 0033).
 */
export type GoogleProvider = {
  kind: "google" | "local";
  authorizationUrl(state: string, codeVerifier: string, options?: AuthorizationOptions): URL;
  identity(code: string, codeVerifier: string): Promise<GoogleIdentity>;
};

const GOOGLE = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
  revoke: "https://oauth2.googleapis.com/revoke",
};

/** Google's endpoints, or the same paths under GOOGLE_OAUTH_URL (development and tests only). */
export function googleEndpoints(base?: string) {
  if (!base) return GOOGLE;
  const root = base.replace(/\/$/, "");
  return { authorize: `${root}/o/oauth2/v2/auth`, token: `${root}/token`, userinfo: `${root}/v1/userinfo`, revoke: `${root}/revoke` };
}

const userInfoSchema = v.object({
  sub: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255)),
  email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254), v.toLowerCase()),
  email_verified: v.optional(v.union([v.boolean(), v.picklist(["true", "false"])]), false),
  given_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
  family_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
  picture: v.optional(v.nullable(v.string()), null),
});

export function parseUserInfo(body: unknown): GoogleIdentity {
  const info = v.parse(userInfoSchema, body);
  return {
    sub: info.sub,
    email: info.email,
    emailVerified: info.email_verified === true || info.email_verified === "true",
    givenName: info.given_name,
    familyName: info.family_name,
    // Only a picture Google itself hosts (the CSP's img-src allows that host, nothing else remote).
    picture: info.picture && GOOGLE_PICTURE_ORIGIN.test(info.picture) && /^[^\s"'<>]{1,500}$/.test(info.picture) ? info.picture : null,
  };
}

/**
 * The ID token's `auth_time`, read without checking its signature: the token came straight from Google's token
 * endpoint over TLS with our client secret, which OpenID Connect Core 3.1.3.7 accepts in place of the signature.
 * Only an ID token for our client counts.
 */
export function authTimeOf(tokenResponse: object, clientId?: string): number | undefined {
  const idToken = (tokenResponse as { id_token?: unknown }).id_token;
  if (typeof idToken !== "string") return undefined;
  try {
    const claims = decodeJWT(idToken) as { auth_time?: unknown; aud?: unknown };
    if (clientId && claims.aud !== clientId && !(Array.isArray(claims.aud) && claims.aud.includes(clientId))) return undefined;
    return typeof claims.auth_time === "number" && Number.isFinite(claims.auth_time) ? claims.auth_time : undefined;
  } catch {
    return undefined;
  }
}

/** Google itself, with the configured client (the entry checks both credentials are set). */
export function realGoogle(config: Config, redirectUri: string): GoogleProvider {
  const endpoints = googleEndpoints(config.GOOGLE_OAUTH_URL);
  const client = new OAuth2Client(config.GOOGLE_CLIENT_ID!, config.GOOGLE_CLIENT_SECRET!, redirectUri);
  return {
    kind: "google",
    authorizationUrl: (state, verifier, options = {}) => {
      const url = client.createAuthorizationURLWithPKCE(endpoints.authorize, state, CodeChallengeMethod.S256, verifier, [
        "openid",
        "email",
        "profile",
      ]);
      if (options.fresh) {
        // Google then asks for the password again and writes when in the ID token's auth_time.
        url.searchParams.set("prompt", "login");
        url.searchParams.set("max_age", "0");
      } else url.searchParams.set("prompt", "select_account");
      return url;
    },
    async identity(code, verifier) {
      const tokens = await client.validateAuthorizationCode(endpoints.token, code, verifier);
      const response = await fetch(endpoints.userinfo, { headers: { authorization: `Bearer ${tokens.accessToken()}` } });
      if (!response.ok) throw new Error(`Google user info answered ${response.status}`);
      return { ...parseUserInfo(await response.json()), authTime: authTimeOf(tokens.data, config.GOOGLE_CLIENT_ID) };
    },
  };
}

export const GOOGLE_START_PATH = "/api/mentees/google_auth_mentee";
export const GOOGLE_CALLBACK_PATH = "/api/mentees/google_auth_mentee/callback";
