/**
 * The one source of "now" for time windows (code expiry, rate limits, mail backoff). Services take a
 * `now` argument that defaults to this, so unit tests can cover the edges of every window.
 */
export const currentTime = (): number => Date.now();
