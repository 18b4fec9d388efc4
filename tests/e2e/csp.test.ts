import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { timeSlots } from "../../db/schema";
import { createMentee, createMentor, signIn, testDb, uniqueEmail } from "../support/accounts";
import { baseUrl, rest } from "../support/api";
import { pathOf, seedSession, useBrowser, type Role } from "../support/browser";
import { createEnrollment, createModerator } from "../support/moderation";

/**
 * Issue 20 point 4 in Chromium: every route of the app, visited signed in as a fresh account of its
 * role (or signed out for the public and sign-in pages), runs with zero Content-Security-Policy
 * violations; the camera is usable on the live page only; no other origin can frame the app.
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);

const MINUTE = 60_000;
const ROUTES_DIR = fileURLToPath(new URL("../../src/routes/", import.meta.url));

/** Every page route of the app, as its file names it (`/mentees/connect/live/$sessionId`); layouts and the root are not pages. */
function routeFiles(): string[] {
  return (readdirSync(ROUTES_DIR, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".tsx") && !/(^|\/)(__root|route)\.tsx$/.test(f))
    .map((f) => `/${f.replace(/\.tsx$/, "").replace(/(^|\/)index$/, "")}`.replace(/\/$/, "") || "/")
    .sort();
}

type World = Awaited<ReturnType<typeof makeWorld>>;

/** Fresh accounts of each role, with what their pages show: a subscription, a conversation, an open slot and a session running now. */
async function makeWorld() {
  const [mentee, mentor, moderator] = await Promise.all([createMentee(), createMentor(), createModerator()]);
  await createEnrollment(mentee.id, mentor.id);
  const now = Date.now();
  const [live] = await testDb()
    .insert(timeSlots)
    .values({ mentorId: mentor.id, menteeId: mentee.id, state: "booked", startAt: new Date(now - MINUTE), endAt: new Date(now + 59 * MINUTE), bookedAt: new Date(now) })
    .returning();
  await testDb().insert(timeSlots).values({ mentorId: mentor.id, state: "open", startAt: new Date(now + 26 * 60 * MINUTE), endAt: new Date(now + 27 * 60 * MINUTE) });
  const tokens = { mentee: await signIn("mentee", mentee.email), mentor: await signIn("mentor", mentor.email), moderator: await signIn("moderator", moderator.email) };
  const opened = await rest("POST", "/api/chats/messages", { token: tokens.mentee.accessToken, body: { menteeId: mentee.id, mentorId: mentor.id } });
  const conversationId = (opened.body.conversations as { _id: string })._id;
  await rest("POST", `/api/chats/mentee-messages/${conversationId}`, { token: tokens.mentee.accessToken, body: { message: "Hello from the CSP test", sender: mentee.id } });
  const names = { mentee: `${mentee.firstName} ${mentee.lastName}`, mentor: `${mentor.firstName} ${mentor.lastName}`, moderator: `${moderator.firstName} ${moderator.lastName}` };
  return { mentee, mentor, moderator, tokens, names, liveSlotId: live.id, conversationId };
}

/** Who visits each route, and at which address. */
function visits(w: World): Record<string, { as: Role | null; url: string }> {
  return {
    "/": { as: null, url: "/" },
    "/browse/mentor/$search": { as: null, url: "/browse/mentor/all" },
    "/browse/mentor/profile/$id": { as: null, url: `/browse/mentor/profile/${w.mentor.id}` },
    "/auth/login": { as: null, url: "/auth/login?mentors" },
    "/auth/mentee-register": { as: null, url: "/auth/mentee-register" },
    "/auth/mentor-register": { as: null, url: "/auth/mentor-register" },
    "/auth/mentee/forgotpassword": { as: null, url: "/auth/mentee/forgotpassword" },
    "/auth/mentor/forgotpassword": { as: null, url: "/auth/mentor/forgotpassword" },
    "/auth/registrationsuccess": { as: null, url: "/auth/registrationsuccess" },
    "/auth/mentee/googleauthsuccess": { as: null, url: "/auth/mentee/googleauthsuccess#error=failed" },
    "/auth/verify-email": { as: null, url: "/auth/verify-email#token=not-a-real-token" },
    "/mentees": { as: "mentee", url: "/mentees" },
    "/mentees/browse/mentor/$search": { as: "mentee", url: "/mentees/browse/mentor/all" },
    "/mentees/browse/mentor/profile/$id": { as: "mentee", url: `/mentees/browse/mentor/profile/${w.mentor.id}` },
    "/mentees/booked-slots": { as: "mentee", url: "/mentees/booked-slots" },
    "/mentees/booking-confirmed/$slotId": { as: "mentee", url: `/mentees/booking-confirmed/${w.liveSlotId}` },
    "/mentees/connect/inbox": { as: "mentee", url: "/mentees/connect/inbox" },
    "/mentees/connect/inbox/$conversationId": { as: "mentee", url: `/mentees/connect/inbox/${w.conversationId}` },
    "/mentees/connect/live/$sessionId": { as: "mentee", url: `/mentees/connect/live/${w.liveSlotId}` },
    "/mentees/payment/failed": { as: "mentee", url: "/mentees/payment/failed" },
    "/mentees/payment/success/$paymentId": { as: "mentee", url: "/mentees/payment/success/cs_test_csp" },
    "/mentees/profile": { as: "mentee", url: "/mentees/profile" },
    "/mentees/schedules": { as: "mentee", url: `/mentees/schedules?mentorId=${w.mentor.id}` },
    "/mentees/subscribed-mentors": { as: "mentee", url: "/mentees/subscribed-mentors" },
    "/mentees/tickets": { as: "mentee", url: "/mentees/tickets" },
    "/mentors": { as: "mentor", url: "/mentors" },
    "/mentors/connect/inbox": { as: "mentor", url: "/mentors/connect/inbox" },
    "/mentors/connect/inbox/$conversationId": { as: "mentor", url: `/mentors/connect/inbox/${w.conversationId}` },
    "/mentors/connect/live/$sessionId": { as: "mentor", url: `/mentors/connect/live/${w.liveSlotId}` },
    "/mentors/profile": { as: "mentor", url: "/mentors/profile" },
    "/mentors/scheduler": { as: "mentor", url: "/mentors/scheduler" },
    "/mentors/subscribed-mentees": { as: "mentor", url: "/mentors/subscribed-mentees" },
    "/mentors/tickets": { as: "mentor", url: "/mentors/tickets" },
    "/moderator": { as: "moderator", url: "/moderator" },
    "/moderator/audit-log": { as: "moderator", url: "/moderator/audit-log" },
    "/moderator/mentees-list": { as: "moderator", url: "/moderator/mentees-list" },
    "/moderator/mentor-applicants": { as: "moderator", url: "/moderator/mentor-applicants" },
    "/moderator/mentors-list": { as: "moderator", url: "/moderator/mentors-list" },
    "/moderator/tickets": { as: "moderator", url: "/moderator/tickets" },
  };
}

type Violation = { page: string; what: string };

/** Records, for every page of the context, each `securitypolicyviolation` event and each console message about a policy. */
async function watchPolicies(context: BrowserContext): Promise<Violation[]> {
  const found: Violation[] = [];
  await context.exposeBinding("__reportViolation", ({ page }, what: string) => void found.push({ page: page.url(), what }));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportViolation: (what: string) => void }).__reportViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  const watchPage = (page: Page) =>
    page.on("console", (message) => {
      if (/content.security.policy|permissions.policy|refused to/i.test(message.text())) found.push({ page: page.url(), what: `console ${message.type()}: ${message.text()}` });
    });
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  return found;
}

/** Opens a route and lets it settle (its lazy chunks, queries, charts and calendar drawn). */
async function visit(page: Page, url: string) {
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  expect(await page.getByRole("heading", { name: /^(Page not found|Something Went Wrong)/ }).count(), url).toBe(0);
}

async function signInAs(page: Page, w: World, role: Role) {
  const t = w.tokens[role];
  await seedSession(page, role, { id: t.id, name: w.names[role], accessToken: t.accessToken, refreshToken: t.refreshToken });
}

describe("a strict Content-Security-Policy in the browser (issue 20)", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("names a visit for every route of the app", () => {
    expect(Object.keys(visits(world)).sort()).toEqual(routeFiles());
  });

  it.each([
    ["signed out", null],
    ["as a mentee", "mentee"],
    ["as a mentor", "mentor"],
    ["as a moderator", "moderator"],
  ] as const)("every route visited %s runs with zero CSP violations", async (_who, role) => {
    const page = b.page;
    const violations = await watchPolicies(b.context);
    if (role) await signInAs(page, world, role);
    const routes = Object.values(visits(world)).filter((v) => v.as === role);
    expect(routes.length).toBeGreaterThan(0);
    for (const { url } of routes) {
      await visit(page, url);
      // A role's page was shown, not a redirect to the sign-in page.
      if (role) expect(pathOf(page), url).toBe(url.split("#")[0]);
    }
    expect(violations).toEqual([]);
  }, 180_000);

  it("lets the live page use the camera, and no other page", async () => {
    const page = b.page;
    await signInAs(page, world, "mentor");
    const camera = () =>
      page.evaluate(() =>
        navigator.mediaDevices.getUserMedia({ video: true }).then(
          (stream) => (stream.getTracks().forEach((t) => t.stop()), "allowed"),
          (error: DOMException) => error.name,
        ),
      );
    await page.goto("/mentors");
    expect(await camera()).toBe("NotAllowedError");
    await page.goto(`/mentors/connect/live/${world.liveSlotId}`);
    expect(await camera()).toBe("allowed");
  });

  it("keeps the local checkout and the Google stand-in working: their forms post and redirect within the origin", async () => {
    const page = b.page;
    const violations = await watchPolicies(b.context);
    const mentor = await createMentor();
    const mentee = await createMentee();
    const tokens = await signIn("mentee", mentee.email);
    await seedSession(page, "mentee", { ...tokens, name: `${mentee.firstName} ${mentee.lastName}` });
    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await page.waitForURL(/\/dev\/stripe\/checkout\/cs_test_/);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/mentees\/payment\/success\/cs_test_/);
    await page.getByRole("heading", { name: /^You are subscribed to / }).waitFor();

    const visitor = await (await b.newContext()).newPage();
    const visitorViolations = await watchPolicies(visitor.context());
    await visitor.goto("/auth/login?mentees");
    const google = visitor.getByRole("tabpanel", { name: "Mentees" }).getByRole("button", { name: "Sign in with Google" });
    await expect.poll(() => google.isEnabled(), { timeout: 10_000 }).toBe(true);
    const [popup] = await Promise.all([visitor.waitForEvent("popup"), google.click()]);
    await popup.waitForURL(/\/dev\/google\/authorize/);
    await popup.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("csp.google"));
    await popup.getByRole("button", { name: "Continue" }).click();
    await popup.waitForEvent("close", { timeout: 10_000 });
    await visitor.waitForURL((url) => url.pathname === "/mentees");
    expect([...violations, ...visitorViolations]).toEqual([]);
  });

  it("cannot be framed by another origin", async () => {
    const page = b.page;
    // Another origin on this machine (its own port): a page that frames the sign-in page.
    const framer = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><iframe src="${baseUrl()}/auth/login"></iframe>`));
    await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
    try {
      const answered = page.waitForResponse((r) => r.url() === `${baseUrl()}/auth/login`);
      await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      expect((await answered).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      // The frame holds Chromium's error page, never the app.
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
      expect(await frame.evaluate(() => document.querySelector("#root"))).toBeNull();
    } finally {
      framer.close();
    }
  });
});
