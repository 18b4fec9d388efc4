import { beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser";
import { makeWorld, signInAs, type World } from "../support/route-visits";

/**
 * A signed-in page's loader starts its first reads (src/platform/route-prefetch.ts) beside the page's code and its
 * area's messages. The page's components ask for the same queries; if a loader's key ever differed from the
 * component's (another input, another procedure), the page would read twice. Each read goes out once, and before
 * the area's messages (the signed-in catalog, which the area's loader waits for before anything renders) have
 * arrived: a read the components started would leave only after them.
 */
const b = useBrowser();

describe("a signed-in page's first reads", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it.each([
    ["mentee", "/mentees", ["mentees.home", "notifications.latest", "chat.unread", "scheduling.timeZone"]],
    ["mentee", "/mentees/booked-slots", ["scheduling.myBookings"]],
    ["mentee", "/mentees/connect/inbox", ["chat.conversations"]],
    ["mentor", "/mentors", ["scheduling.dailyEnrollments", "scheduling.liveSessions"]],
    ["mentor", "/mentors/scheduler", ["scheduling.mySlots", "scheduling.availability"]],
    [
      "moderator",
      "/moderator",
      ["moderation.home", "moderation.dailyEnrollments", "moderation.dailyNewMentees", "moderation.feeRevenuePerDay"],
    ],
  ] as const)("as %s on %s: each is asked once, and before the area's messages have arrived", async (role, url, procedures) => {
    const page = b.page;
    await signInAs(page, world, role);
    await page.goto("about:blank");
    const asked: { procedure: string; at: number }[] = [];
    let catalogAt = Number.POSITIVE_INFINITY;
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/trpc/"))
        for (const procedure of path.slice("/trpc/".length).split(",")) asked.push({ procedure, at: performance.now() });
    });
    page.on("requestfinished", (request) => {
      if (/\/assets\/signed-in-[\w-]+\.js$/.test(new URL(request.url()).pathname)) catalogAt = Math.min(catalogAt, performance.now());
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.getByRole("main").waitFor();
    expect(catalogAt, "the signed-in catalog was loaded").toBeLessThan(Number.POSITIVE_INFINITY);
    for (const procedure of procedures) {
      const times = asked.filter((a) => a.procedure === procedure);
      expect(times.length, `${procedure} asked ${times.length} times on ${url}`).toBe(1);
      expect(times[0].at, `${procedure} should leave before the signed-in catalog arrived`).toBeLessThan(catalogAt);
    }
  });
});
