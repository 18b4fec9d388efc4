import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";

describe("caching of the app's files", () => {
  it("serves hashed assets as immutable for a year, and revalidates the HTML", async () => {
    const page = await fetch(`${baseUrl()}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control") ?? "").not.toMatch(/immutable|max-age=[1-9]/);
    const html = await page.text();
    // The stylesheet is linked from the head; the scripts are listed by the loader at the end of the body (ADR 0018).
    const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
    expect(assets.some((a) => a.endsWith(".css")) && assets.some((a) => a.endsWith(".js"))).toBe(true);
    for (const path of assets.slice(0, 3)) {
      const asset = await fetch(`${baseUrl()}${path}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await asset.arrayBuffer();
    }
    // A client-side route gets the same revalidated HTML.
    const route = await fetch(`${baseUrl()}/browse/mentor/all`);
    expect(route.headers.get("cache-control") ?? "").not.toMatch(/immutable/);
    await route.text();
    // The build's manifest stays private (public/.assetsignore).
    const manifest = await fetch(`${baseUrl()}/.vite/manifest.json`);
    expect(await manifest.text()).not.toContain('"isEntry"');
  });
});
