import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { rest } from "../support/api";
import { pathOf, useBrowser } from "../support/browser";
import { makeWorld, routeFiles, signInAs, routesOf, visits, VISITORS, type World } from "../support/route-visits";

/**
 * Issue 23 point 5: on a 360 px phone no page of any role scrolls sideways (nothing wider than the
 * screen), and a signed-in area's nav shows every section, the Connect badge included.
 */
const WIDTH = 360;
const b = useBrowser({ viewport: { width: WIDTH, height: 740 }, permissions: ["camera", "microphone"] }, ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);

/** How wide the page's content is, and the widest elements sticking out past the right edge (to name in a failure). */
function overflow(page: Page) {
  return page.evaluate((width) => {
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== "fixed")
      .filter((el) => !el.closest("[data-sonner-toaster]"))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), wide };
  }, WIDTH);
}

describe("phones: 360 px wide (issue 23)", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("checks every route of the app", () => {
    expect(Object.keys(visits(world)).sort()).toEqual(routeFiles());
  });

  it.each(VISITORS)("no page visited %s scrolls sideways", async (_who, role) => {
    const page = b.page;
    if (role) await signInAs(page, world, role);
    const routes = routesOf(world, role);
    expect(routes.length).toBeGreaterThan(0);
    const tooWide: string[] = [];
    const noSkipLink: string[] = [];
    for (const { url } of routes) {
      await page.goto(url, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      if (role) expect(pathOf(page), url).toBe(url.split("#")[0]);
      const { scrollWidth, wide } = await overflow(page);
      if (scrollWidth > WIDTH) tooWide.push(`${url}: ${scrollWidth} px (${wide.join("; ")})`);
      // Issue 28: every page starts with "Skip to main content", aimed at its one <main id="main">.
      const skip = await page.evaluate(() => ({
        first: (document.querySelector("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])") as HTMLElement | null)?.textContent?.trim() ?? null,
        mains: document.querySelectorAll("main#main").length,
      }));
      if (skip.first !== "Skip to main content" || skip.mains !== 1) noSkipLink.push(`${url}: first focusable ${JSON.stringify(skip.first)}, ${skip.mains} main#main`);
    }
    expect(tooWide).toEqual([]);
    expect(noSkipLink).toEqual([]);
  }, 240_000);

  it.each([
    ["mentee", ["Home", "Browse Mentors", "Schedules", "Connect"]],
    ["mentor", ["Home", "Scheduler", "Connect", "Earnings", "Raise a ticket"]],
    ["moderator", ["Home", "Tickets", "Mentees List", "Mentors List", "Mentor Applicants", "Audit Log"]],
  ] as const)("the %s nav shows every section within the screen", async (role, labels) => {
    const page = b.page;
    await signInAs(page, world, role);
    await page.goto(`/${role === "moderator" ? "moderator" : `${role}s`}`);
    const nav = page.getByRole("navigation", { name: `${role[0].toUpperCase()}${role.slice(1)} navigation` });
    for (const label of labels) {
      const box = await nav.getByRole("link", { name: label }).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x, label).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(WIDTH);
    }
  });

  it("shows the mentor the unread badge on Connect at 360 px", async () => {
    const page = b.page;
    const sent = await rest("POST", `/api/chats/mentee-messages/${world.conversationId}`, {
      token: world.tokens.mentee.accessToken,
      body: { message: "Are you free on Friday?", sender: world.mentee.id },
    });
    expect(sent.status).toBeLessThan(300);
    await signInAs(page, world, "mentor");
    await page.goto("/mentors");
    const badge = page.getByRole("navigation", { name: "Mentor navigation" }).getByTestId("connect-unread");
    await badge.waitFor();
    const box = await badge.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    expect(await badge.isVisible()).toBe(true);
  });

  it("puts a mentor's plan and Subscribe before About and the reviews on a phone", async () => {
    const page = b.page;
    await page.goto(`/browse/mentor/profile/${world.mentor.id}`);
    await page.getByRole("heading", { name: "About", exact: true }).waitFor();
    // Where the sign-in-to-subscribe link and the About heading are drawn (visible ones only), once both are.
    const placed = () =>
      page.evaluate(() => {
        const visible = (el: Element) => el.getBoundingClientRect().height > 0;
        const cta = [...document.querySelectorAll("a")].find((a) => visible(a) && a.textContent?.trim() === "Sign in as a mentee to subscribe");
        const about = [...document.querySelectorAll("h2")].find((h) => visible(h) && h.textContent?.trim() === "About");
        return cta && about ? { ctaTop: cta.getBoundingClientRect().top, ctaRight: cta.getBoundingClientRect().right, aboutTop: about.getBoundingClientRect().top } : null;
      });
    await expect.poll(placed).not.toBeNull();
    const { ctaTop, ctaRight, aboutTop } = (await placed())!;
    expect(ctaTop).toBeLessThan(aboutTop);
    expect(ctaRight).toBeLessThanOrEqual(WIDTH);
  });
});
