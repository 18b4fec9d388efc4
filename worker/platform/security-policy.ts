import { encodeBase64 } from "@oslojs/encoding";

/**
 * The browser-facing security headers every response carries (ADR 0021), as pure
 * functions of the request's URL and the hashes of the app page's inline scripts. The middleware
 * that sets them is worker/platform/security-headers.ts.
 */

/** The live-session pages (src/routes/{mentees,mentors}/connect/live/$sessionId.tsx): the only documents that use the camera and microphone. */
const LIVE_PAGE = /^\/(?:mentees|mentors)\/connect\/live\/[^/]+\/?$/;

/** Powerful features the app never uses: denied to every document, so injected or framed code cannot ask for them either. */
const DENIED_FEATURES = [
  "accelerometer",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "midi",
  // Stripe Checkout is a redirect to Stripe's own page, never a Payment Request in ours.
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/**
 * Camera and microphone (getUserMedia) and screen sharing (getDisplayMedia, ADR 0026) for this
 * document only on a live page, denied everywhere else.
 */
export function permissionsPolicy(pathname: string): string {
  const media = LIVE_PAGE.test(pathname) ? "(self)" : "()";
  return [`camera=${media}`, `microphone=${media}`, `display-capture=${media}`, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(
    ", ",
  );
}

/**
 * The Content-Security-Policy. Scripts come from this origin's files or are one of the app page's
 * own inline scripts, named by hash (never 'unsafe-inline' or 'unsafe-eval'), so injected markup
 * cannot run script and a stolen token cannot be sent to another origin (connect-src). `connectOrigins`: other
 * origins the pages may call; in development only the local push service beside the Worker (ADR 0033), none in production.
 */
export function contentSecurityPolicy(url: URL, scriptHashes: readonly string[], connectOrigins: readonly string[] = []): string {
  // The realtime rooms and the live page's signalling (partysocket at location.host); 'self' covers them in
  // CSP 3 browsers, the explicit origin in older ones. In development Vite's reload socket is the same origin.
  const socketOrigin = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join("")}`,
    // Inline styles are allowed on purpose: React style attributes (the cards' staggered entrance),
    // FullCalendar's and Vite's injected <style> elements, and the dev pages' own <style>. Styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    // Pictures come from /images, and a Google account's picture from Google (services/accounts.ts);
    // data: and blob: are images the page makes itself (no request leaves).
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    // FullCalendar's stylesheet carries its icon font as a data: URL.
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}${connectOrigins.map((origin) => ` ${origin}`).join("")}`,
    // The installed app (ADR 0027): its manifest and its service worker (/sw.js) come from this origin only.
    // default-src and script-src already say so; named, they stay so if either changes.
    "manifest-src 'self'",
    "worker-src 'self'",
    // The live page's video plays MediaStreams through srcObject, which needs no media-src; WebRTC
    // peer connections and STUN/TURN are not fetches CSP governs, so default-src 'self' covers media.
    "object-src 'none'",
    "base-uri 'self'",
    // Every form of the app posts to this origin; Stripe Checkout and Google (and their local doubles, ADR 0033) are other origins, reached by links and redirects.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers of every response to `url`; `referrer-policy` only where a route has not chosen its own. */
export function securityHeaders(url: URL, scriptHashes: readonly string[], connectOrigins: readonly string[] = []): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(url, scriptHashes, connectOrigins),
    "permissions-policy": permissionsPolicy(url.pathname),
    "x-content-type-options": "nosniff",
    // For browsers without CSP frame-ancestors.
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Only over https: a browser ignores it on http, and a plain-http local run must stay reachable.
    ...(url.protocol === "https:" ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Script types a browser runs (HTML's JavaScript MIME types and modules); a JSON data block is not one. */
const RUNNABLE_TYPE = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/** The text of each inline script a browser would run in this HTML (no src; no type, a JavaScript type or module). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1];
    if (type && !RUNNABLE_TYPE.test(type)) continue;
    scripts.push(text);
  }
  return scripts;
}

/** A CSP hash source for a script's text: `'sha256-<base64>'` of its UTF-8 bytes. */
export async function scriptHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${encodeBase64(new Uint8Array(digest))}'`;
}

/** The hash sources of the inline scripts of an HTML page, without repeats. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  return [...new Set(await Promise.all(inlineScripts(html).map(scriptHash)))];
}
