import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { googleEndpoints, parseUserInfo } from "../../platform/ports/google-provider";
import type { GoogleCredentials, GoogleSettings } from "./google-api";

/** Read her calendars' busy time, and write the sessions' events; `openid email` names the account on the card. */
export const CALENDAR_SCOPES = [
  "openid",
  "email",
  "https://www.googleapis.com/auth/calendar.readonly",
  "https://www.googleapis.com/auth/calendar.events",
];

export const CALENDAR_CONNECT_PATH = "/api/calendars/google/connect";
export const CALENDAR_CALLBACK_PATH = "/api/calendars/google/callback";

/** What Google's consent gave: the account's verified address and the tokens the sync keeps. */
export type CalendarGrant = { email: string; credentials: GoogleCredentials };

/**
 * Google's consent for a mentor's calendar (OAuth 2.0 with PKCE, offline so a refresh token comes back,
 * `prompt=consent` so connecting again also gets one). The same arctic client as the sign-in, at
 * GOOGLE_OAUTH_URL in development (ADR 0033).
 */
export function calendarConsent(settings: GoogleSettings, redirectUri: string) {
  if (!settings.GOOGLE_CLIENT_ID || !settings.GOOGLE_CLIENT_SECRET) return null;
  const endpoints = googleEndpoints(settings.GOOGLE_OAUTH_URL);
  const client = new OAuth2Client(settings.GOOGLE_CLIENT_ID, settings.GOOGLE_CLIENT_SECRET, redirectUri);
  return {
    authorizationUrl(state: string, verifier: string): URL {
      const url = client.createAuthorizationURLWithPKCE(endpoints.authorize, state, CodeChallengeMethod.S256, verifier, CALENDAR_SCOPES);
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      url.searchParams.set("include_granted_scopes", "true");
      return url;
    },
    /** Exchanges the code; refuses a grant without a refresh token or without the calendar scopes (the mentor unticked them). */
    async exchange(code: string, verifier: string, now: Date): Promise<CalendarGrant | { refused: "scopes" | "offline" }> {
      const tokens = await client.validateAuthorizationCode(endpoints.token, code, verifier);
      const granted = tokens.hasScopes() ? tokens.scopes() : CALENDAR_SCOPES;
      if (!CALENDAR_SCOPES.slice(2).every((scope) => granted.includes(scope))) return { refused: "scopes" };
      if (!tokens.hasRefreshToken()) return { refused: "offline" };
      const response = await fetch(endpoints.userinfo, { headers: { authorization: `Bearer ${tokens.accessToken()}` } });
      if (!response.ok) throw new Error(`Google user info answered ${response.status}`);
      const identity = parseUserInfo(await response.json());
      return {
        email: identity.email,
        credentials: {
          accessToken: tokens.accessToken(),
          refreshToken: tokens.refreshToken(),
          accessTokenExpiresAt: now.getTime() + tokens.accessTokenExpiresInSeconds() * 1000,
        },
      };
    },
  };
}
