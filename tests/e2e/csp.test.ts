import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createMentee, createMentor, signIn, uniqueEmail } from "../support/accounts";
import { baseUrl } from "../support/api";
import { pathOf, seedSession, useBrowser } from "../support/browser";
import { makeWorld, routeFiles, signInAs, routesOf, visits, VISITORS, type World } from "../support/route-visits";

/**
 * Issue 20 point 4 in Chromium: every route of the app, visited signed in as a fresh account of its
 * role (or signed out for the public and sign-in pages), runs with zero Content-Security-Policy
 * violations; the camera is usable on the live page only; no other origin can frame the app.
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);

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


describe("a strict Content-Security-Policy in the browser (issue 20)", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("names a visit for every route of the app", () => {
    expect(Object.keys(visits(world)).sort()).toEqual(routeFiles());
  });

  it.each(VISITORS)("every route visited %s runs with zero CSP violations", async (_who, role) => {
    const page = b.page;
    const violations = await watchPolicies(b.context);
    if (role) await signInAs(page, world, role);
    const routes = routesOf(world, role);
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
