import type { MiddlewareHandler } from "hono";

/**
 * Every string that enters the Worker (address, query string, JSON body, multipart field) is checked
 * here, once, before any route or procedure runs: well-formed Unicode (no lone UTF-16 surrogate,
 * which the database protocol cannot carry), no NUL, a sane length, a sane nesting depth. Per-field
 * rules (lengths, formats) stay in the valibot schemas; this is the floor under all of them.
 */
export const INPUT_LIMITS = {
  /** Longest single string, in UTF-16 code units. The longest real field (a chat message) is 4,000. */
  maxStringLength: 20_000,
  /** Longest address path (an image key may be up to 1,024 bytes; longer ones are a 404 there). */
  maxPathLength: 4_096,
  /** Largest JSON or text body (images use their own 5 MB limit on multipart). */
  maxJsonBodyBytes: 256 * 1024,
  /** Deepest nesting of objects and arrays. */
  maxDepth: 16,
  /** Most entries in one object or array. */
  maxEntries: 1_000,
} as const;

/** Most calls one tRPC batch may carry (tRPC answers 400 above it); the SPA sends one call per request. */
export const MAX_TRPC_BATCH = 10;

export type Refusal = { status: 400 | 413; message: string };

const bad = (message: string, status: 400 | 413 = 400): Refusal => ({ status, message });

/** Why this string cannot be accepted, or null. */
export function textRefusal(text: string, what: string): Refusal | null {
  if (!text.isWellFormed()) return bad(`${what} contains text that is not valid Unicode.`);
  if (text.includes("\u0000")) return bad(`${what} contains a NUL character.`);
  if (text.length > INPUT_LIMITS.maxStringLength) return bad(`${what} is too long (at most ${INPUT_LIMITS.maxStringLength} characters).`);
  return null;
}

/** Why this parsed value (object keys and every string inside) cannot be accepted, or null. */
export function valueRefusal(value: unknown, what: string, depth = 0): Refusal | null {
  if (typeof value === "string") return textRefusal(value, what);
  if (value === null || typeof value !== "object") return null;
  if (depth >= INPUT_LIMITS.maxDepth) return bad(`${what} is nested too deeply.`);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length > INPUT_LIMITS.maxEntries) return bad(`${what} has too many entries (at most ${INPUT_LIMITS.maxEntries}).`);
  for (const [key, item] of entries) {
    const field = Array.isArray(value) ? what : `Field "${key.slice(0, 40)}"`;
    const refusal = textRefusal(key, "A field name") ?? valueRefusal(item, field, depth + 1);
    if (refusal) return refusal;
  }
  return null;
}

function pathRefusal(pathname: string): Refusal | null {
  if (pathname.length > INPUT_LIMITS.maxPathLength) return bad("The address is too long.");
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return bad("The address contains an invalid percent-encoding.");
    }
    const refusal = textRefusal(decoded, "The address");
    if (refusal) return refusal;
  }
  return null;
}

/** A query value or body that is JSON (tRPC's `input`, REST bodies) is checked as parsed; other text as it is. */
function jsonOrTextRefusal(text: string, what: string): Refusal | null {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[") || trimmed.startsWith('"')) {
    try {
      return valueRefusal(JSON.parse(text), what);
    } catch {
      // Not JSON after all: the route answers its own 400 for a malformed body.
    }
  }
  return textRefusal(text, what);
}

function queryRefusal(params: URLSearchParams): Refusal | null {
  for (const [key, value] of params) {
    const refusal = textRefusal(key, "A query parameter name") ?? jsonOrTextRefusal(value, `Query parameter "${key.slice(0, 40)}"`);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * The body's refusal, and the request the routes read next. A form is read from a copy (its files stay
 * in the original); any other body is read once, as bytes, and the routes get a request carrying those same
 * bytes (the webhook checks its signature on them): a copy of the stream cost a tenth of a booking's CPU
 * in the Worker (bench/worker-profile.ts, ADR 0017).
 */
async function bodyChecked(request: Request): Promise<{ refusal: Refusal | null; request: Request }> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return { refusal: null, request };
  const type = request.headers.get("content-type")?.split(";", 1)[0].trim().toLowerCase() ?? "";
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (!form) return { refusal: null, request }; // the route refuses an unreadable form itself
    for (const [key, value] of form) {
      const refusal =
        textRefusal(key, "A form field name") ??
        (typeof value === "string" ? textRefusal(value, `Form field "${key.slice(0, 40)}"`) : null);
      if (refusal) return { refusal, request };
    }
    return { refusal: null, request };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = bad(`The request body is too large (at most ${INPUT_LIMITS.maxJsonBodyBytes / 1024} KB).`, 413);
  if (declared > INPUT_LIMITS.maxJsonBodyBytes) {
    // Read to its end and dropped, unkept: answered before the body has arrived, the connection is reset, and a
    // proxy in front (Vite's, in `npm run dev`) answers the client a 500 instead of this 413.
    await request.body.pipeTo(new WritableStream()).catch(() => undefined);
    return { refusal: tooLarge, request };
  }
  const bytes = await request.arrayBuffer();
  const again = new Request(request, { body: bytes });
  if (bytes.byteLength > INPUT_LIMITS.maxJsonBodyBytes) return { refusal: tooLarge, request: again };
  return { refusal: jsonOrTextRefusal(new TextDecoder().decode(bytes), "The request body"), request: again };
}

/**
 * Why the request cannot be accepted as it is (or null), and the request the routes read: the same, or one
 * carrying the same bytes when its body had to be read. The body is read first even when the address alone
 * would be refused: answering before the body has arrived makes workerd reset the connection, and a
 * client that was reusing it sees a network error instead of the 400.
 */
export async function checkedRequest(request: Request): Promise<{ refusal: Refusal | null; request: Request }> {
  const url = new URL(request.url);
  const body = await bodyChecked(request);
  return { refusal: pathRefusal(url.pathname) ?? queryRefusal(url.searchParams) ?? body.refusal, request: body.request };
}

/** tRPC clients read errors in tRPC's own envelope (one per call of a batch). */
function trpcRefusalBody(url: URL, refusal: Refusal) {
  const error = {
    error: {
      message: refusal.message,
      code: -32600,
      data: { code: refusal.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", httpStatus: refusal.status },
    },
  };
  if (url.searchParams.get("batch") !== "1") return error;
  const calls = url.pathname.slice("/trpc/".length).split(",").length;
  return Array.from({ length: Math.min(calls, 100) }, () => error);
}

export const inputGuard: MiddlewareHandler = async (c, next) => {
  const { refusal, request } = await checkedRequest(c.req.raw);
  if (!refusal) {
    c.req.raw = request;
    return next();
  }
  const url = new URL(c.req.url);
  const body = url.pathname.startsWith("/trpc/") ? trpcRefusalBody(url, refusal) : { message: refusal.message, error: refusal.message };
  return c.json(body, refusal.status);
};
