import { beforeAll, describe, expect, it } from "vitest";
import { rest } from "../support/api";
import { useBrowser } from "../support/browser";
import { makeWorld, signInAs, type World } from "../support/route-visits";

/**
 * On a 360 px phone a signed-in area's nav shows every section, the Connect badge
 * included. (That no page of any role scrolls sideways at 360 px is checked by the sweep of every
 * screen, tests/e2e/every-screen.test.ts.)
 */
const WIDTH = 360;
const b = useBrowser({ viewport: { width: WIDTH, height: 740 }, permissions: ["camera", "microphone"] }, [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
]);

describe("phones: 360 px wide", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

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
        const cta = [...document.querySelectorAll("a")].find(
          (a) => visible(a) && a.textContent?.trim() === "Sign in as a mentee to subscribe",
        );
        const about = [...document.querySelectorAll("h2")].find((h) => visible(h) && h.textContent?.trim() === "About");
        return cta && about
          ? {
              ctaTop: cta.getBoundingClientRect().top,
              ctaRight: cta.getBoundingClientRect().right,
              aboutTop: about.getBoundingClientRect().top,
            }
          : null;
      });
    await expect.poll(placed).not.toBeNull();
    const { ctaTop, ctaRight, aboutTop } = (await placed())!;
    expect(ctaTop).toBeLessThan(aboutTop);
    expect(ctaRight).toBeLessThanOrEqual(WIDTH);
  });
});
