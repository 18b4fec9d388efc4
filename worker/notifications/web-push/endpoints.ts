import { type Config, isDevelopment } from "../../platform/env";

/**
 * Which push endpoints a subscription may name (ADR 0027). The Worker POSTs to whatever endpoint a
 * browser handed over, so an endpoint must be a real push service: https, on the host of one of the
 * browser vendors' services. Anything else (an intranet address, another site) is refused at
 * subscription time, so the Worker never becomes a way to send requests elsewhere.
 */

/** Chrome, Edge's Chromium, Opera, Samsung Internet (FCM); Firefox (Mozilla autopush); Edge on Windows (WNS); Safari (Apple). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^(updates\.)?push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
];

export const MAX_ENDPOINT_LENGTH = 1024;

/**
 * The local push service the app subscribes at in development (the doubles' `…/dev/push`, ADR 0033), or null:
 * its base URL comes only from the development-only PUSH_SERVICE_URL (refused in production, worker/platform/env.ts).
 */
export function localPushService(config: Pick<Config, "ENVIRONMENT" | "PUSH_SERVICE_URL">): string | null {
  return isDevelopment(config) && config.PUSH_SERVICE_URL ? config.PUSH_SERVICE_URL.replace(/\/+$/, "") : null;
}

/**
 * Where the local push service's endpoints are: its base URL with https. A push endpoint is https (RFC 8030 §2;
 * @block65/webcrypto-web-push refuses any other, and signs the VAPID JWT for that origin), but the local service
 * listens on plain http on loopback; the development transport (worker/third-parties.ts) sends a request for these
 * endpoints to its http address, as TLS ends in front of a real push service.
 */
export const localEndpointBase = (service: string): string => service.replace(/^http:/, "https:");

/**
 * Why an endpoint is refused, or null when it is a push service this deployment sends to. `localService`:
 * the local push service's base URL in development (`localPushService`), whose endpoints are `<base>/send/<id>`.
 */
export function endpointProblem(endpoint: string, localService: string | null): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "This is not a push subscription's endpoint.";
  }
  if (localService && isLocalEndpoint(url, new URL(localEndpointBase(localService)))) return null;
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password)
    return "A push endpoint must be an https address of a browser's push service.";
  if (!PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) return "This browser's push service is not supported.";
  return null;
}

/** One subscription's endpoint of the local push service (`<base>/send/<id>`): never another path of that server. */
function isLocalEndpoint(url: URL, base: URL): boolean {
  const prefix = `${base.pathname.replace(/\/+$/, "")}/send/`;
  if (url.origin !== base.origin || url.username || url.password || url.search || url.hash) return false;
  return url.pathname.startsWith(prefix) && /^[\w-]+$/.test(url.pathname.slice(prefix.length));
}
