import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { GraduationCap } from "lucide-react";
import { chromium } from "playwright-core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BRAND } from "../src/layout/brand";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * Draws the installed app's icons and writes its web app manifest (ADR 0027): the logo of the nav
 * (src/layout/brand-logo.tsx, lucide's graduation cap) in white on the brand's indigo, rendered from
 * SVG to PNG by headless Chromium (there is no image tool here), into public/. The colours are Tailwind's
 * own tokens (indigo-700, the logo's colour; slate-50, the page's background) converted to hex by the
 * browser, so the manifest, index.html's theme-color and the offline page name the same colours as the app.
 * Run `npx tsx scripts/app-icons.ts` after changing the logo or the colours, and commit the files;
 * tests/unit/app-manifest.test.ts checks the manifest, the icons and index.html agree.
 */

const PUBLIC = "public";
const THEME_TOKEN = "--color-indigo-700";
const BACKGROUND_TOKEN = "--color-slate-50";

/** The manifest's text: the landing's description. */
const DESCRIPTION = "Find highly vetted mentors and industry professionals for one-to-one mentorship.";

/** The logo's strokes (lucide's 24-unit grid): the nav's own icon component, drawn to markup. */
const logo = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(renderToStaticMarkup(createElement(GraduationCap)))?.[1] ?? "";
if (!logo.includes("<path")) throw new Error("The graduation cap drew no paths");

/**
 * An icon as SVG. `maskable`: the background fills the square and the logo keeps inside the central
 * 80 % circle a launcher may cut out (the maskable icon spec's safe zone); otherwise a rounded square
 * with the logo larger, for places that show the icon as it is.
 */
function iconSvg(size: number, colour: string, kind: "any" | "maskable" | "full"): string {
  const logoShare = kind === "maskable" ? 0.5 : 0.62;
  const scale = (size * logoShare) / 24;
  const offset = (size - 24 * scale) / 2;
  const radius = kind === "any" ? size * 0.22 : 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${colour}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${logo}</g></svg>`
  );
}

/** The browser tab's icon: the logo in the brand's colour on nothing, as the nav draws it. */
function faviconSvg(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${colour}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${logo}</svg>\n`;
}

/** Each PNG icon: file, size and how it is drawn. */
const ICONS = [
  { file: "icons/icon-192.png", size: 192, kind: "any" },
  { file: "icons/icon-512.png", size: 512, kind: "any" },
  { file: "icons/maskable-192.png", size: 192, kind: "maskable" },
  { file: "icons/maskable-512.png", size: 512, kind: "maskable" },
  // iOS rounds the corners itself and shows no transparency.
  { file: "icons/apple-touch-icon.png", size: 180, kind: "full" },
] as const;

/** A Tailwind colour token's value (an oklch() colour) from Tailwind's theme. */
function tailwindColour(token: string): string {
  const theme = readFileSync(createRequire(import.meta.url).resolve("tailwindcss/theme.css"), "utf8");
  const value = new RegExp(`${token}:\\s*([^;]+);`).exec(theme)?.[1];
  if (!value) throw new Error(`No ${token} in Tailwind's theme`);
  return value.trim();
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  // The browser turns the oklch() tokens into sRGB hex (a canvas pixel), as it paints them.
  const toHex = (colour: string) =>
    page.evaluate((c) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d")!;
      context.fillStyle = c;
      context.fillRect(0, 0, 1, 1);
      return `#${[...context.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    }, colour);
  const theme = await toHex(tailwindColour(THEME_TOKEN));
  const background = await toHex(tailwindColour(BACKGROUND_TOKEN));

  mkdirSync(join(PUBLIC, "icons"), { recursive: true });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${iconSvg(icon.size, theme, icon.kind)}`);
    await page.locator("svg").screenshot({ path: join(PUBLIC, icon.file), omitBackground: true });
  }
  writeFileSync(join(PUBLIC, "favicon.svg"), faviconSvg(theme));

  const manifest = {
    id: "/",
    name: BRAND,
    short_name: BRAND,
    description: DESCRIPTION,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: theme,
    background_color: background,
    icons: ICONS.filter((i) => i.kind !== "full").map((i) => ({
      src: `/${i.file}`,
      sizes: `${i.size}x${i.size}`,
      type: "image/png",
      purpose: i.kind,
    })),
  };
  writeFileSync(join(PUBLIC, "manifest.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Icons in ${PUBLIC}/icons, favicon.svg and manifest.webmanifest written (theme ${theme}, background ${background}).`);
} finally {
  await browser.close();
}
