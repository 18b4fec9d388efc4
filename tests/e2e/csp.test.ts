import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createMentee, createMentor, signIn, uniqueEmail } from "../support/accounts";
import { baseUrl } from "../support/api";
import { closing, seedSession, useBrowser } from "../support/browser";
import { watchPolicies } from "../support/policies";
import { makeWorld, signInAs, type World } from "../support/route-visits";

/**
 * Security headers in Chromium (ADR 0021): the camera is usable on the live page only; no other origin can
 * frame the app. (That every route of every role runs with zero Content-Security-Policy violations
 * is checked by the sweep of every screen, tests/e2e/every-screen.test.ts, with watchPolicies.)
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);

describe("a strict Content-Security-Policy in the browser", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

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
    await page.goto("/mentors", { waitUntil: "networkidle" });
    expect(await camera()).toBe("NotAllowedError");
    await page.goto(`/mentors/connect/live/${world.liveSlotId}`);
    expect(await camera()).toBe("allowed");
  });

  it("keeps the local checkout and the local Google working: the app's pages on the way in and back break no policy", async () => {
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
    await popup.waitForURL(/\/dev\/google\/o\/oauth2\/v2\/auth/);
    await popup.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("csp.google"));
    const closed = closing(popup);
    await popup.getByRole("button", { name: "Continue" }).click();
    await closed;
    await visitor.waitForURL((url) => url.pathname === "/mentees");
    expect([...violations, ...visitorViolations]).toEqual([]);
  });

  it("cannot be framed by another origin", async () => {
    const page = b.page;
    // Another origin on this machine (its own port): a page that frames the sign-in page.
    const framer = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><iframe src="${baseUrl()}/auth/login"></iframe>`),
    );
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
