import { t } from "@lingui/core/macro";
import type { TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import { apiError } from "./api-error";
import type { AppRouter } from "./api-types";
import { roleOfArea } from "./areas";
import { translateServerMessage } from "./i18n/server-messages";
import { firstSignedInRole, type Role, readSession, type SessionEvents } from "./session";

/** Calls that must never carry a bearer token: a wrong password answers 401 and must not trigger a refresh. */
const PUBLIC_AUTH_PATHS = new Set([
  "auth.login",
  "auth.registerMentee",
  "auth.applyAsMentor",
  "auth.refresh",
  "auth.signInOptions",
  "password.requestResetCode",
  "password.resetPassword",
]);

/** The role whose token a call carries: the caller's choice, else the area being viewed, else the first signed-in role. */
function roleInEffect(requested: unknown): Role | null {
  if (requested === "mentee" || requested === "mentor" || requested === "moderator") return requested;
  return roleOfArea(window.location.pathname) ?? firstSignedInRole();
}

/** What the app does when a role's session ends under a call: blocked by a moderator, or no longer refreshable. */
export type { SessionEvents };

/**
 * The new access token after a 401, or null when the session is over. The exchange loads with the first refused call
 * (src/platform/token-refresh.ts); a chunk that cannot arrive (offline) ends the call as the refusal did.
 */
const refreshAccessToken = (role: Role, rejectedToken: string, events: SessionEvents): Promise<string | null> =>
  import("./token-refresh").then(
    (refresh) => refresh.refreshAccessToken(role, rejectedToken, events),
    () => null,
  );

/**
 * Attaches the bearer token of the role in effect (put in `op.context.token` for the http link),
 * refreshes once on a 401 and retries, and reports a blocked account.
 */
export function authLink(events: SessionEvents): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const role = PUBLIC_AUTH_PATHS.has(op.path) ? null : roleInEffect(op.context.role);
        let current: Unsubscribable | null = null;
        const attempt = (token: string | null, retried: boolean) => {
          current = next({ ...op, context: { ...op.context, token } }).subscribe({
            next: (value) => observer.next(value),
            complete: () => observer.complete(),
            error: (error) => {
              const answer = apiError(error);
              if (role && token && answer?.status === 401 && !retried) {
                void refreshAccessToken(role, token, events).then((fresh) => (fresh ? attempt(fresh, true) : observer.error(error)));
                return;
              }
              if (role && token && answer?.status === 403 && answer.details.blocked) events.onBlocked(role, answer.message);
              observer.error(error);
            },
          });
        };
        attempt(role ? (readSession(role)?.accessToken ?? null) : null, false);
        return () => current?.unsubscribe();
      });
}

/** A `fetch` for the app's non-tRPC endpoints (image upload) carrying a role's bearer token. */
export type AuthFetch = (role: Role, url: string, init?: RequestInit) => Promise<Response>;

/** Same token rules as `authLink`: the role's access token, one refresh and retry on 401, a blocked account reported. */
export function createAuthFetch(events: SessionEvents): AuthFetch {
  return async (role, url, init = {}) => {
    const send = (token: string | null) => {
      const headers = new Headers(init.headers);
      if (token) headers.set("authorization", `Bearer ${token}`);
      return fetch(url, { ...init, headers });
    };
    const token = readSession(role)?.accessToken ?? null;
    let response = await send(token);
    if (token && response.status === 401) {
      const fresh = await refreshAccessToken(role, token, events);
      if (fresh) response = await send(fresh);
    }
    if (token && response.status === 403) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { blocked?: unknown; message?: unknown } | null;
      if (body?.blocked)
        events.onBlocked(role, typeof body.message === "string" ? translateServerMessage(body.message) : t`Your account has been blocked.`);
    }
    return response;
  };
}
