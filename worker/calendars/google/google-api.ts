import { OAuth2Client, OAuth2RequestError } from "arctic";
import type { Config } from "../../platform/env";
import { googleEndpoints } from "../../platform/ports/google-provider";
import { CalendarAccessLost, CalendarReadOnly, type ProviderCall } from "../sync/provider";

/** What we keep of a mentor's Google consent (stored encrypted by the sync): the refresh token is the one that lasts. */
export type GoogleCredentials = {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working (ms since the epoch); it is renewed a minute before. */
  accessTokenExpiresAt: number;
};

/** Google Calendar API v3, or the local Google Calendar at GOOGLE_CALENDAR_API_URL (development and tests, ADR 0033). */
const CALENDAR_API = "https://www.googleapis.com/calendar/v3";
const RENEW_BEFORE_MS = 60 * 1000;

/** Google's answer to a call that did not succeed; the sync's queue retries anything but a lost account. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`google: ${status} to ${what}: ${body.slice(0, 300)}`);
    this.name = "GoogleApiError";
  }
}

export type GoogleSettings = Pick<Config, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_OAUTH_URL" | "GOOGLE_CALENDAR_API_URL">;

/** One authorized HTTP call to the Calendar API, renewing the access token when it has expired or Google says so (401). */
export type GoogleApi = {
  call<T>(
    call: ProviderCall<GoogleCredentials>,
    request: { method?: string; path: string; query?: Record<string, string | undefined>; body?: unknown; what: string },
  ): Promise<{ status: number; json: T | null }>;
  revoke(token: string): Promise<void>;
};

export function googleApi(settings: GoogleSettings): GoogleApi {
  const base = (settings.GOOGLE_CALENDAR_API_URL ?? CALENDAR_API).replace(/\/$/, "");
  const endpoints = googleEndpoints(settings.GOOGLE_OAUTH_URL);
  const client = () => {
    if (!settings.GOOGLE_CLIENT_ID || !settings.GOOGLE_CLIENT_SECRET)
      throw new Error("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set");
    return new OAuth2Client(settings.GOOGLE_CLIENT_ID, settings.GOOGLE_CLIENT_SECRET, null);
  };

  /** A fresh access token; the new one is saved at once, so a call that fails later does not lose it. */
  async function renew(call: ProviderCall<GoogleCredentials>): Promise<GoogleCredentials> {
    let tokens: Awaited<ReturnType<OAuth2Client["refreshAccessToken"]>>;
    try {
      tokens = await client().refreshAccessToken(endpoints.token, call.credentials.refreshToken, []);
    } catch (error) {
      // invalid_grant: the mentor revoked our access, changed her password, or the grant expired.
      if (error instanceof OAuth2RequestError && error.code === "invalid_grant") throw new CalendarAccessLost();
      throw error;
    }
    const renewed: GoogleCredentials = {
      accessToken: tokens.accessToken(),
      // Google may hand a new refresh token; the old one keeps working when it does not.
      refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : call.credentials.refreshToken,
      accessTokenExpiresAt: call.now.getTime() + tokens.accessTokenExpiresInSeconds() * 1000,
    };
    await call.saveCredentials(renewed);
    call.credentials = renewed;
    return renewed;
  }

  async function send(credentials: GoogleCredentials, request: Parameters<GoogleApi["call"]>[1]) {
    const url = new URL(`${base}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    return fetch(url, {
      method: request.method ?? "GET",
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        accept: "application/json",
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  }

  return {
    async call(call, request) {
      let credentials = call.credentials;
      if (credentials.accessTokenExpiresAt - RENEW_BEFORE_MS <= call.now.getTime()) credentials = await renew(call);
      let response = await send(credentials, request);
      if (response.status === 401) {
        await response.body?.cancel();
        credentials = await renew(call);
        response = await send(credentials, request);
        // A token Google just issued and refuses again: the grant no longer covers the calendar.
        if (response.status === 401) throw new CalendarAccessLost();
      }
      const text = await response.text();
      if (response.ok) return { status: response.status, json: text ? JSON.parse(text) : null };
      // The scope was taken back (the mentor unticked calendar access) reads as a lost account, not as a retry.
      if (response.status === 403 && /insufficientPermissions|ACCESS_TOKEN_SCOPE_INSUFFICIENT/.test(text)) throw new CalendarAccessLost();
      // A calendar shared with her to read only (Google's reason `requiredAccessLevel`) takes no session.
      if (response.status === 403 && /requiredAccessLevel/.test(text)) throw new CalendarReadOnly();
      if ([404, 409, 410].includes(response.status)) return { status: response.status, json: null };
      throw new GoogleApiError(response.status, text, request.what);
    },
    async revoke(token) {
      try {
        await client().revokeToken(endpoints.revoke, token);
      } catch (error) {
        // A token Google already forgot needs no revoking.
        if (error instanceof OAuth2RequestError && /invalid_token|invalid_grant/.test(error.code)) return;
        throw error;
      }
    },
  };
}
