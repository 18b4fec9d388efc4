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

/**
 * The local push service's origin (development only, worker/dev/push-service.ts). `.localhost`
 * names can never be a real push service; the development transport hands requests for this origin
 * to the Worker's own /dev/push routes, so they take the same code path as a real one up to the POST.
 */
export const DEV_PUSH_ORIGIN = "https://push.localhost";
export const DEV_PUSH_SEND_PATH = "/dev/push/send/";

export const MAX_ENDPOINT_LENGTH = 1024;

/** Why an endpoint is refused, or null when it is a push service this deployment sends to. */
export function endpointProblem(endpoint: string, development: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "This is not a push subscription's endpoint.";
  }
  if (development && url.origin === DEV_PUSH_ORIGIN && url.pathname.startsWith(DEV_PUSH_SEND_PATH)) return null;
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password)
    return "A push endpoint must be an https address of a browser's push service.";
  if (!PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) return "This browser's push service is not supported.";
  return null;
}
