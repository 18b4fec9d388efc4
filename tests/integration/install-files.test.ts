import { describe, expect, it } from "vitest";
import { createMentor } from "../support/accounts";
import { baseUrl } from "../support/api";

/** The installed app's files, as the built Worker serves them, and every kind of page linking the manifest. */

const get = (path: string) => fetch(`${baseUrl()}${path}`, { redirect: "manual" });

describe("the installed app's files", () => {
  it("serves the service worker as JavaScript, revalidated on every request, under the security headers", async () => {
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.has("service-worker-allowed")).toBe(false);
    expect(worker.headers.get("content-security-policy")).toContain("worker-src 'self'");
    const source = await worker.text();
    // The build wrote the precache list into it: the app page, the offline page and hashed files.
    expect(source).not.toContain("self.__WB_MANIFEST");
    expect(source).toMatch(/url:`\/app-shell`/);
    expect(source).toMatch(/url:`\/offline`/);
    expect(source).toMatch(/url:`\/assets\/boot-[\w-]+\.js`/);
  });

  it("serves the manifest as application/manifest+json, revalidated on every request", async () => {
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(((await manifest.json()) as { name: string }).name).toBe("MentorLink");
  });

  it("serves the offline page and the app page at the addresses the service worker precaches", async () => {
    const offline = await get("/offline");
    expect(offline.status).toBe(200);
    expect(await offline.text()).toContain("You're offline");
    const shell = await get("/app-shell");
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('data-prerender="landing"');
  });

  it("links the manifest and the theme colour from every kind of page: Worker-drawn, pre-rendered shell, signed-in area", async () => {
    const mentor = await createMentor();
    for (const path of ["/", `/browse/mentor/profile/${mentor.id}`, "/browse/mentor/all", "/mentees", "/auth/login"]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html, path).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    }
  });
});
