import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { toasts, useBrowser } from "../support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

/**
 * Installable (ADR 0027): the manifest and service worker pass Chromium's installability check (the one
 * Lighthouse's PWA audit used), the product starts offline with the pages a visitor saw and says plainly
 * what needs the network, and a new version waits for the person's "Reload" instead of breaking the tab.
 */

const b = useBrowser({ serviceWorkers: "allow" });

type FeaturedMentor = { id: string; firstName: string; lastName: string };

/** The featured mentors the Worker drew into the landing (its page-data block). */
async function featuredMentors(page: Page): Promise<FeaturedMentor[]> {
  const seed = JSON.parse((await page.locator("script#page-data").textContent({ timeout: 5_000 })) ?? "{}") as { answer: FeaturedMentor[] };
  return seed.answer;
}

/** Resolves once a service worker controls the page (the first one claims the page it was installed from). */
const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

const offlineHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "You're offline" });

describe("installable and offline", () => {
  it("passes Chromium's installability check on the landing, with the manifest's name, colours and icons", async () => {
    // A browser profile of its own: the test contexts are incognito, which is never installable.
    const profile = mkdtempSync(join(tmpdir(), "mentorlink-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: inject("baseUrl"),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      expect(await cdp.send("Page.getInstallabilityErrors")).toEqual({ installabilityErrors: [] });
      const { url, errors, data } = await cdp.send("Page.getAppManifest");
      expect(new URL(url).pathname).toBe("/manifest.webmanifest");
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data!) as {
        name: string;
        display: string;
        start_url: string;
        theme_color: string;
        icons: { sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ name: "MentorLink", display: "standalone", start_url: "/" });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
        expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
      );
      expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("starts offline with the landing and a profile seen before; a page that needs the network gets the offline page, with a retry", async () => {
    const { page, context } = b;
    await page.goto("/");
    const [mentor, unseen] = await featuredMentors(page);
    await controlled(page);
    await page.goto(`/browse/mentor/profile/${mentor.id}`);
    const mentorName = `${mentor.firstName} ${mentor.lastName}`;
    await page.getByRole("heading", { level: 1, name: mentorName }).waitFor();

    await context.setOffline(true);
    // The profile, reloaded: the copy kept when it was last seen, drawn with its data.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: mentorName }).waitFor();
    expect(await offlineHeading(page).count()).toBe(0);
    // The landing, where the installed app starts: loaded before the worker ran, kept when it took over.
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Learn a new skill, launch a project, land your dream career.",
    );
    expect((await featuredMentors(page)).map((m) => m.id)).toContain(mentor.id);
    // Browse never opened: its shell from the precached app page (the app then offers to retry the search).
    await page.goto("/browse/mentor/python");
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    expect(await offlineHeading(page).count()).toBe(0);

    // A signed-in area needs the network: the offline page says so, at the address asked for.
    await page.goto("/mentees");
    await offlineHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe("/mentees");
    expect(await page.getByText("This page needs the network").isVisible()).toBe(true);
    // So does a profile never opened.
    await page.goto(`/browse/mentor/profile/${unseen.id}`);
    await offlineHeading(page).waitFor();

    // Back online, "Try again" loads the page asked for (a visitor is sent on to sign in).
    await page.goto("/mentees");
    await offlineHeading(page).waitFor();
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForURL((u) => u.pathname === "/auth/login");
  });

  describe("a new version", () => {
    // A proxy in front of the Worker that can serve a changed /sw.js, as a deploy would: the browser fetches
    // the worker's script itself, past any interception of the page's requests.
    let proxy: Server;
    let origin = "";
    let nextVersion = false;
    const NEXT_VERSION = `\n;self.addEventListener("message",(e)=>{if(e.data==="version?")e.source.postMessage("next")});\n`;
    beforeAll(async () => {
      const target = new URL(inject("baseUrl"));
      proxy = createServer((req, res) => {
        const changed = nextVersion && req.url === "/sw.js";
        // The changed script is a new body: asked for whole (not confirmed as current with a 304) and uncompressed, to append to.
        const { "if-none-match": _tag, "if-modified-since": _since, "accept-encoding": _encoding, ...fresh } = req.headers;
        const upstream = request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: changed ? fresh : req.headers },
          (answer) => {
            if (!(changed && answer.statusCode === 200)) {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
              return;
            }
            const chunks: Buffer[] = [];
            answer.on("data", (c: Buffer) => chunks.push(c));
            answer.on("end", () => {
              const body = Buffer.concat([...chunks, Buffer.from(NEXT_VERSION)]);
              const { etag: _etag, "content-length": _length, ...headers } = answer.headers;
              res.writeHead(200, { ...headers, "content-length": body.length });
              res.end(body);
            });
          },
        );
        upstream.on("error", () => res.destroy());
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

    const askVersion = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            navigator.serviceWorker.addEventListener("message", (e) => resolve(String(e.data)), { once: true });
            navigator.serviceWorker.controller!.postMessage("version?");
            setTimeout(() => resolve("no answer"), 2_000);
          }),
      );

    it("waits while the tab is open, offers Reload, and after Reload the new worker controls the page", async () => {
      const page = b.page;
      nextVersion = false;
      await page.goto(`${origin}/browse/mentor/all`);
      await controlled(page);
      await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

      nextVersion = true;
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = toasts(page, "A new version of MentorLink is available.");
      await prompt.waitFor({ timeout: 20_000 });
      // The new version waits: the tab was not reloaded, and the old worker still answers it.
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);
      expect(await askVersion(page)).toBe("no answer");

      const reloaded = page.waitForEvent("load");
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await controlled(page);
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
      expect(await askVersion(page)).toBe("next");
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(false);
    });
  });
});
