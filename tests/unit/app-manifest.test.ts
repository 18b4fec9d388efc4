import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The web app manifest, its icons and the pages that link it agree (scripts/app-icons.ts writes
 * the manifest and the icons; index.html is every page of the app, the Worker-drawn ones included).
 */
type Icon = { src: string; sizes: string; type: string; purpose: string };
const manifest = JSON.parse(readFileSync("public/manifest.webmanifest", "utf8")) as Record<string, unknown> & {
  icons: Icon[];
  theme_color: string;
  background_color: string;
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string): string {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString("latin1"), path).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the web app manifest", () => {
  it("names the app, opens it standalone at the root and scopes it to the whole site", () => {
    expect(manifest).toMatchObject({
      id: "/",
      name: "MentorLink",
      short_name: "MentorLink",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("has 192 and 512 px PNG icons for any use and as maskable, each the size it says", () => {
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      "192x192 any",
      "192x192 maskable",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe("image/png");
      expect(pngSize(`public${icon.src}`)).toBe(icon.sizes);
    }
  });

  it("is linked, with its theme colour and the touch icon, from the app page and the offline page", () => {
    for (const page of ["index.html", "public/offline.html"]) {
      const html = readFileSync(page, "utf8");
      expect(html, page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, page).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
      expect(html, page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    }
    const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)" \/>/.exec(readFileSync("index.html", "utf8"))?.[1];
    expect(touchIcon).toBeDefined();
    expect(pngSize(`public${touchIcon}`)).toBe("180x180");
    expect(existsSync("public/favicon.svg")).toBe(true);
  });
});
