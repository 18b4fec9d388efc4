import type { Frame, Page, Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { accessTokenFor, createMentee, createMentor, sessionFor } from "../support/accounts";
import { type Role, recordTrpcCalls, seedSession, signInThroughUi, useBrowser, waitForPath } from "../support/browser";
import { chatPair, openChat, sendAs } from "../support/chat";
import { createModerator } from "../support/moderation";

/**
 * ADR 0028: a signed-in page arrives drawn by the Worker with the person's data, and React takes it over
 * where it stands: no second read of what the page was drawn with, no console error (a page that did not match what
 * the browser draws would say so), and it works at once.
 */
const b = useBrowser({ timezoneId: "America/New_York" });

/** Console errors and failed page scripts of a page, from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Loads a page once the one before has gone quiet: its HTML, and the reads (tRPC GETs) its own document made. */
async function readsOf(page: Page, path: string): Promise<{ html: string; reads: string[] }> {
  await page.waitForLoadState("networkidle");
  // From when the new document replaced the one before: a read the page before sent late is not this page's.
  let replaced = false;
  const onNavigated = (frame: Frame) => void (frame.parentFrame() === null && (replaced = true));
  const reads: string[] = [];
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (replaced && request.method() === "GET" && pathname.startsWith("/trpc/"))
      reads.push(...decodeURIComponent(pathname.slice("/trpc/".length)).split(","));
  };
  page.on("framenavigated", onNavigated);
  page.on("request", onRequest);
  try {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    return { html: (await response?.text()) ?? "", reads };
  } finally {
    page.off("request", onRequest);
    page.off("framenavigated", onNavigated);
  }
}

/** Loads a page and answers whether its HTML came drawn with data. */
const load = async (page: Page, path: string): Promise<boolean> => (await readsOf(page, path)).html.includes("<div data-drawn>");

/**
 * A browser signed in and used before, arranged without the sign-in page for the tests about something else: the app's
 * session record, the page cookie the app asks for once signed in (POST /page-session with the access token), and what
 * the app tells the Worker of the browser whenever it starts (src/platform/page-cookie.ts: its zone, and for a mentee her
 * recent searches, none yet). That the app asks for and tells these itself is the first two tests' part.
 */
async function signedIn(page: Page, role: Role, account: { email: string; firstName: string; lastName: string }): Promise<void> {
  const tokens = await sessionFor(role, account.email);
  await seedSession(page, role, { ...tokens, name: `${account.firstName} ${account.lastName}` });
  const response = await page.request.post("/page-session", { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  expect(response.status()).toBe(204);
  const url = inject("baseUrl");
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page
    .context()
    .addCookies([
      { name: "zone", value: encodeURIComponent(zone), url },
      ...(role === "mentee" ? [{ name: "searches", value: encodeURIComponent("[]"), url: new URL("/mentees", url).href }] : []),
    ]);
}

const pageCookie = async (page: Page, role: string) => (await page.context().cookies()).find((cookie) => cookie.name === `page_${role}`);

describe("a signed-in page drawn by the Worker", () => {
  it("comes with the mentee's conversations once she has signed in, is taken over without asking again, works, and ends with her sign-out", async () => {
    const pair = await chatPair();
    await sendAs(pair, "mentor", await openChat(pair), "Drawn before any script ran");
    const page = b.page;
    await signInThroughUi(page, "mentee", pair.mentee.email);
    await expect.poll(async () => (await pageCookie(page, "mentee"))?.httpOnly).toBe(true);

    const errors = consoleErrors(page);
    const calls = recordTrpcCalls(page);
    expect(await load(page, "/mentees/connect/inbox")).toBe(true);
    const conversation = page.getByRole("link", { name: new RegExp(`${pair.mentor.firstName} ${pair.mentor.lastName}`) });
    await expect.poll(() => conversation.textContent()).toContain("Drawn before any script ran");
    expect(calls.filter((call) => call.split(",").includes("chat.conversations"))).toEqual([]);
    // Taken over: a click is the app's navigation.
    await conversation.click();
    await page.getByText("Drawn before any script ran").last().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/mentees\/connect\/inbox\/.+/);
    expect(errors).toEqual([]);

    // A tap on the drawn page before the app has started is not lost: made again once the app has taken over.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/mentees/connect/inbox", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("menu").count()).toBe(0);
    release();
    const logout = page.getByRole("menuitem", { name: "Logout" });
    await logout.waitFor();
    await page.unroute(entry);

    // Her sign-out takes the cookie with it: the next visit is the plain page, which sends her to sign in.
    await logout.click();
    await expect.poll(() => pageCookie(page, "mentee")).toBeUndefined();
    expect(await load(page, "/mentees/connect/inbox")).toBe(false);
    await waitForPath(page, "/auth/login?mentees");
  });

  it("is written in the browser's zone, and a browser signed in before the cookie existed gets it on its next page", async () => {
    const moderator = await createModerator({ firstName: "Ines", lastName: "Duarte" });
    const page = b.page;
    await seedSession(page, "moderator", {
      id: moderator.id,
      name: "Ines Duarte",
      accessToken: await accessTokenFor("moderator", moderator.id),
      refreshToken: "unused.refresh",
    });
    expect(await load(page, "/moderator")).toBe(false);
    await expect.poll(async () => Boolean(await pageCookie(page, "moderator"))).toBe(true);

    const errors = consoleErrors(page);
    const calls = recordTrpcCalls(page);
    const response = await page.goto("/moderator", { waitUntil: "networkidle" });
    const html = (await response?.text()) ?? "";
    expect(html).toContain("<div data-drawn>");
    expect(html).toContain("Days are in your time zone (America/New_York)");
    await page.getByText("Days are in your time zone (America/New_York)").waitFor();
    expect(
      calls.filter((call) =>
        call.split(",").some((procedure) => procedure.startsWith("moderation.daily") || procedure === "moderation.home"),
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("draws what the header and the page read besides their lists (her address's banner, the calendar feed), and a banner she hid stays hidden", async () => {
    const mentee = await createMentee({ firstName: "Uma", lastName: "Unproven", emailVerifiedAt: null });
    const page = b.page;
    await signedIn(page, "mentee", mentee);
    await expect.poll(async () => (await pageCookie(page, "mentee"))?.httpOnly).toBe(true);
    const errors = consoleErrors(page);
    const { html, reads } = await readsOf(page, "/mentees/booked-slots");
    expect(html).toContain("<div data-drawn>");
    expect(html).toContain("Confirm your e-mail address");
    expect(html).toContain("Calendar feed");
    // Taken over with what it was drawn with: none of it is asked for again.
    expect(reads).toEqual([]);

    const banner = page.getByRole("region", { name: "Confirm your e-mail address" });
    // She taps once the app has taken the button over (React has attached to it); a tap before that is the first test's
    // part. This browser has not run the app before, so its scripts may still be on their way.
    const hide = banner.getByRole("button", { name: "Hide for now" });
    await expect.poll(() => hide.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")))).toBe(true);
    await hide.click();
    expect(await banner.count()).toBe(0);
    // The Worker cannot know this tab hid it: the next page comes with the banner, and the app takes it away at once.
    expect(await load(page, "/mentees/booked-slots")).toBe(true);
    expect(await banner.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the screens people use most read nothing of their own once taken over: all they show was drawn", async () => {
    const people = [
      { role: "mentee", account: await createMentee(), paths: ["/mentees", "/mentees/booked-slots", "/mentees/connect/inbox"] },
      { role: "mentor", account: await createMentor(), paths: ["/mentors", "/mentors/scheduler"] },
      { role: "moderator", account: await createModerator(), paths: ["/moderator"] },
    ] as const;
    for (const [i, { role, account, paths }] of people.entries()) {
      // Each in a browser of their own (the first in this test's): one signed-in person per browser, as people use it.
      const page = i === 0 ? b.page : await (await b.newContext()).newPage();
      await signedIn(page, role, account);
      await expect.poll(async () => Boolean(await pageCookie(page, role))).toBe(true);
      for (const path of paths) {
        const { html, reads } = await readsOf(page, path);
        expect(html, `${path} was drawn`).toContain("<div data-drawn>");
        // Whether this device takes push notifications is known only to the browser (its push subscription).
        expect(
          reads.filter((read) => read !== "notificationSettings.overview"),
          `${path} read again`,
        ).toEqual([]);
      }
      await page.context().close();
    }
  }, 120_000);
});
