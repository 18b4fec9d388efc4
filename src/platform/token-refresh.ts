import { createTRPCClient, httpLink } from "@trpc/client";
import { apiError } from "./api-error";
import type { AppRouter } from "./api-types";
import { clearSession, type Role, readSession, type SessionEvents, updateTokens } from "./session";

/**
 * The exchange of a role's refresh token for new tokens, after a call was refused with 401. It loads with the first
 * such answer (src/platform/auth-link.ts), so a visitor's public page does not carry it.
 */
const refreshClient = createTRPCClient<AppRouter>({ links: [httpLink({ url: "/trpc" })] });
const refreshing = new Map<Role, Promise<string | null>>();

async function withTabLock<T>(role: Role, work: () => Promise<T>): Promise<T> {
  // Serialises refreshes across tabs: a refresh token is single-use, a replayed one ends the sign-in.
  if (typeof navigator !== "undefined" && navigator.locks) return navigator.locks.request(`refresh-${role}`, work);
  return work();
}

/** Exchanges the stored refresh token once per role at a time; null when the session is over. */
export function refreshAccessToken(role: Role, rejectedToken: string, events: SessionEvents): Promise<string | null> {
  const pending = refreshing.get(role);
  if (pending !== undefined) return pending;
  const run = withTabLock(role, async () => {
    const session = readSession(role);
    if (!session) return null;
    if (session.accessToken && session.accessToken !== rejectedToken) return session.accessToken;
    try {
      const tokens = await refreshClient.auth.refresh.mutate({ role, refreshToken: session.refreshToken });
      updateTokens(role, tokens);
      return tokens.accessToken;
    } catch (error) {
      const answer = apiError(error);
      if (answer?.status === 403 && answer.details.blocked) {
        events.onBlocked(role, answer.message);
      } else if (answer) {
        clearSession(role);
        events.onExpired(role);
      }
      return null;
    }
  }).finally(() => refreshing.delete(role));
  refreshing.set(role, run);
  return run;
}
