import { type Config, isDevelopment } from "./env";

/**
 * The one source of "now" for time windows (code expiry, rate limits, mail backoff, booking, the
 * 12-hour cancel window, the next 24 hours, reminders). A request acts at `ctx.now` (`requestNow`), a
 * job at the instant its run read from here; services take that `now` (in `ServiceDeps` or as an
 * argument) and never read the wall clock themselves, so tests can put it at the edge of any window.
 * Sign-in lifetimes (tokens, sessions) stay on the real clock: they are checked against it everywhere.
 */
export const currentTime = (): number => Date.now();

/**
 * A request's "now". In development (the one gate, worker/platform/env.ts) a request may set it with the
 * `x-mentorlink-now` header (an ISO instant), so integration tests cover the edges of each window
 * without sleeping. Production ignores the header.
 */
export const NOW_HEADER = "x-mentorlink-now";

export function requestNow(config: Pick<Config, "ENVIRONMENT">, request: Request): Date {
  if (isDevelopment(config)) {
    const given = request.headers.get(NOW_HEADER);
    if (given) {
      const at = new Date(given);
      if (!Number.isNaN(at.getTime())) return at;
    }
  }
  return new Date(currentTime());
}
