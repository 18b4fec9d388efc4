import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { accessTokenFor, createMentee, createMentor } from "../support/accounts";
import { baseUrl, doublesUrl } from "../support/api";

/**
 * Every kind of response the built Worker gives carries the security headers
 * (worker/platform/security-headers.ts), and the CSP allows exactly the inline scripts the pages carry.
 */

const get = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, { redirect: "manual", ...init });

/** The directives of a CSP header, by name. */
const directives = (policy: string | null) =>
  new Map((policy ?? "").split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

/** The inline scripts a browser would run in this HTML (no src; no type or a JavaScript one). */
const runnableInlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\ssrc=/.test(attrs) && !/type="application\/json"/.test(attrs))
    .map(([, , text]) => text);
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function expectSecurityHeaders(response: Response, what: string) {
  const h = response.headers;
  const csp = directives(h.get("content-security-policy"));
  expect(csp.get("default-src"), what).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp.get("form-action"), what).toEqual(["'self'"]);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc[0], what).toBe("'self'");
  expect(
    scriptSrc.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)),
    `${what}: ${scriptSrc.join(" ")}`,
  ).toBe(true);
  expect([...csp.values()].flat(), what).not.toContain("'unsafe-eval'");
  // The development Worker's pages may also call the local push service beside it (PUSH_SERVICE_URL, ADR 0033).
  expect(csp.get("connect-src"), what).toEqual(["'self'", `ws://${new URL(baseUrl()).host}`, doublesUrl()]);
  expect(h.get("x-content-type-options"), what).toBe("nosniff");
  expect(h.get("x-frame-options"), what).toBe("DENY");
  expect(h.get("permissions-policy"), what).toMatch(/^camera=\(\), microphone=\(\), .*geolocation=\(\).*payment=\(\).*usb=\(\)/);
  // Plain http here: no HSTS (see the https case below).
  expect(h.has("strict-transport-security"), what).toBe(false);
}

describe("security headers on every response", () => {
  it("are on pages, the app's files, REST, tRPC, images, health, dev and error answers alike", async () => {
    const home = await get("/");
    const html = await home.text();
    const asset = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)][0]?.[1];
    expect(asset).toBeDefined();
    const mentor = await createMentor();
    // The expected status, or null where it depends on the environment (the dev pages exist in development only).
    const answers: [string, Promise<Response>, number | null][] = [
      ["the landing", Promise.resolve(home), 200],
      ["a HEAD of the landing", get("/", { method: "HEAD" }), 200],
      ["a SPA page", get("/mentees"), 200],
      ["an unknown page (the SPA's not-found)", get("/no/such/page"), 200],
      ["a profile page drawn by the Worker", get(`/browse/mentor/profile/${mentor.id}`), 200],
      ["an asset", get(asset!), 200],
      ["REST 200", get(`/api/mentees/mentor/profile/${mentor.id}`), 200],
      ["REST 401", get(`/api/mentees/edit-profile/${mentor.id}`), 401],
      ["REST 404", get("/api/no-such-path"), 404],
      ["REST 400 from the input guard", get("/api/mentees/mentors?search=%00"), 400],
      ["tRPC 200", get(`/trpc/mentors.search?input=${encodeURIComponent("{}")}`), 200],
      ["tRPC 404", get("/trpc/no.such.procedure"), 404],
      ["an image that does not exist", get("/images/no-such-image"), 404],
      ["the health check", get("/healthz"), 200],
      ["a dev door", get("/dev/cron"), null],
      ["socket.io's JSON 404", get("/socket.io/"), 404],
      ["a room asked without a socket or ticket", get("/parties/user-room/mentee:x"), null],
    ];
    for (const [what, answer, status] of answers) {
      const response = await answer;
      if (status === null) expect(response.status, what).toBeLessThan(500);
      else expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what);
      if (!response.bodyUsed) await response.arrayBuffer();
    }
  });

  it("keep the app's files immutable for a year, and a 304 revalidation carries the same policy", async () => {
    const html = await (await get("/")).text();
    const asset = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)][0][1];
    const first = await get(asset);
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await first.arrayBuffer();
    const page = await get("/mentees");
    await page.arrayBuffer();
    const revalidated = await get("/mentees", { headers: { "if-none-match": page.headers.get("etag") ?? "" } });
    expect(revalidated.status).toBe(304);
    // A 304's headers replace the cached page's: its CSP must still allow the page's scripts.
    expect(revalidated.headers.get("content-security-policy")).toBe(page.headers.get("content-security-policy"));
  });

  it("allow exactly the inline scripts the built pages run, by hash, and never 'unsafe-inline' scripts", async () => {
    const mentor = await createMentor();
    for (const path of ["/", "/mentees", `/browse/mentor/profile/${mentor.id}`, "/auth/mentee/googleauthsuccess"]) {
      const response = await get(path);
      const scripts = runnableInlineScripts(await response.text());
      expect(scripts.length, path).toBeGreaterThan(0);
      const scriptSrc = directives(response.headers.get("content-security-policy")).get("script-src") ?? [];
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'strict-dynamic'");
      for (const script of scripts) expect(scriptSrc, `${path}: ${script.slice(0, 60)}`).toContain(hashOf(script));
    }
  });

  it("allow the camera and microphone on the live pages only", async () => {
    for (const path of ["/mentors/connect/live/some-slot", "/mentees/connect/live/some-slot"]) {
      const response = await get(path);
      expect(response.headers.get("permissions-policy"), path).toMatch(/^camera=\(self\), microphone=\(self\), /);
      expect(response.headers.get("permissions-policy"), path).toContain("geolocation=()");
      await response.arrayBuffer();
    }
    for (const path of ["/mentors", "/mentees/booked-slots", "/mentors/connect/inbox", "/mentors/connect/live"]) {
      const response = await get(path);
      expect(response.headers.get("permissions-policy"), path).toMatch(/^camera=\(\), microphone=\(\), /);
      await response.arrayBuffer();
    }
  });

  it("keep no-referrer on the Google sign-in pages, and strict-origin-when-cross-origin elsewhere", async () => {
    const popup = await get("/auth/mentee/googleauthsuccess");
    expect(popup.headers.get("referrer-policy")).toBe("no-referrer");
    const start = await get("/api/mentees/google_auth_mentee");
    expect(start.status).toBe(302);
    expect(start.headers.get("referrer-policy")).toBe("no-referrer");
    expectSecurityHeaders(start, "the Google start");
    const home = await get("/");
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    await Promise.all([popup, start, home].map((r) => r.arrayBuffer()));
  });

  it("send HSTS when the request came over https", async () => {
    // Miniflare hands the Worker the URL the edge saw from this header, as Cloudflare does for an https visitor.
    const response = await get("/healthz", { headers: { "mf-original-url": "https://mentorlink.example/healthz" } });
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(directives(response.headers.get("content-security-policy")).get("connect-src")).toEqual([
      "'self'",
      "wss://mentorlink.example",
      doublesUrl(),
    ]);
    await response.arrayBuffer();
  });

  it("keep signed-in /trpc and /api answers out of every cache (private, no-store); the public catalogue keeps its own caching", async () => {
    const mentee = await createMentee();
    const mentor = await createMentor();
    const [menteeToken, mentorToken] = await Promise.all([accessTokenFor("mentee", mentee.id), accessTokenFor("mentor", mentor.id)]);
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const query = (path: string, input?: unknown) =>
      `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
    const signedIn: [string, Promise<Response>][] = [
      ["tRPC auth.session", get(query("auth.session"), as(menteeToken))],
      ["tRPC notifications.latest", get(query("notifications.latest", { side: "mentee", limit: 20 }), as(menteeToken))],
      ["tRPC scheduling.mySlots", get(query("scheduling.mySlots"), as(mentorToken))],
      ["tRPC a batch of two", get(`/trpc/auth.session,scheduling.myBookings?batch=1&input=${encodeURIComponent("{}")}`, as(menteeToken))],
      ["tRPC a signed-in catalogue search (it names her subscriptions)", get(query("mentors.search", {}), as(menteeToken))],
      ["REST subscribed-mentors", get("/api/mentees/subscribed-mentors", as(menteeToken))],
      ["REST her profile", get(`/api/mentees/edit-profile/${mentee.id}`, as(menteeToken))],
      ["REST his slots", get(`/api/mentors/available-timeslots/${mentor.id}`, as(mentorToken))],
      ["REST someone else's profile (403)", get(`/api/mentees/edit-profile/${mentor.id}`, as(menteeToken))],
      [
        "REST a sign-in (its answer carries tokens)",
        get("/api/mentees/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: mentee.email, password: "Passw0rd!" }),
        }),
      ],
    ];
    for (const [what, answer] of signedIn) {
      const response = await answer;
      expect(response.status, what).toBeLessThan(500);
      expect(response.headers.get("cache-control"), what).toBe("private, no-store");
      expectSecurityHeaders(response, what);
      await response.arrayBuffer();
    }
    // The public catalogue, asked without a token, is cached per location (ADR 0016) and keeps what it had: no no-store.
    for (const path of [query("mentors.search", {}), `/api/mentees/mentor/profile/${mentor.id}`, "/api/mentees/mentors"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/no-store|private/);
      await response.arrayBuffer();
    }
  });
});
