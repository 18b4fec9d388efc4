import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { type Role, type SeededSession, STORAGE_KEY, sessionRecord } from "../tests/support/session-record";
import { withPageCookies } from "./signed-in";

/** Who a signed-in page is measured as: the demo account's role and its session. */
export type SignedIn = { role: Role; session: SeededSession };

/**
 * The floor of a page in `bench/web.ts`: the same HTML the Worker answers for it (a signed-in page drawn with the
 * person's data, as her browser asks for it), with every script and module preload taken out, served from a server of its
 * own on loopback that passes every other request (styles, pictures, fonts) to the Worker. Lighthouse measures it in the
 * same run and on the same calibrated device as the page: what is left is what the HTML and CSS cost, so a page's
 * numbers over its floor's are what its scripts and its data cost, whatever the host.
 */
export type FloorServer = { urlOf: (name: string) => string; stop: () => Promise<void> };

/** Where the Worker's drawing of a signed-in page is marked (src/platform/page-shells.ts). */
export const DRAWN_MARK = "data-drawn";

/** A page's HTML as the Worker sent it, and whether it came compressed (its floor is sent the same way). */
export type PageHtml = { html: string; compressed: boolean };

/** The page as a browser gets it: the HTML, fetched in a Chromium holding the session and the cookies its app sets. */
export async function pageHtml(url: string, as?: SignedIn): Promise<PageHtml> {
  if (!as) {
    const response = await fetch(url, { headers: { accept: "text/html", "accept-encoding": "gzip, br" } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return { compressed: Boolean(response.headers.get("content-encoding")), html: await response.text() };
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext()).newPage();
    const seed = new URL("/__bench-seed", url).href;
    await page.route(seed, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>seed</title>" }));
    await page.goto(seed);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEY[as.role],
      JSON.stringify(sessionRecord(as.role, as.session)),
    ] as const);
    await withPageCookies(page, as.session.accessToken);
    // The Worker gives up drawing a page that takes it longer than its bound (ADR 0028); on a busy host, ask again.
    for (let attempt = 1; ; attempt++) {
      const got = await page.evaluate(async (u) => {
        const response = await fetch(u, { headers: { accept: "text/html" } });
        return { compressed: Boolean(response.headers.get("content-encoding")), html: await response.text() };
      }, url);
      if (got.html.includes(DRAWN_MARK) || attempt === 5) return got;
    }
  } finally {
    await browser.close();
  }
}

/** The page with no script: script elements (the app, its data, the service worker's registration) and module preloads out. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="?modulepreload"?[^>]*>/gi, "");
}

/** Serves each floor at `/__floor/<name>` and passes anything else to `origin` (the built Worker). */
export async function startFloorServer(origin: string, floors: Map<string, PageHtml>): Promise<FloorServer> {
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const floor = path.startsWith("/__floor/") ? floors.get(decodeURIComponent(path.slice("/__floor/".length))) : undefined;
    if (floor !== undefined) {
      const gzip = floor.compressed && /gzip/.test(String(request.headers["accept-encoding"]));
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      response.end(gzip ? gzipSync(floor.html) : floor.html);
      return;
    }
    try {
      const upstream = await fetch(new URL(path, origin), { headers: { accept: String(request.headers.accept ?? "*/*") } });
      let body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "cache-control"]) {
        const value = upstream.headers.get(name);
        if (value) headers[name] = value;
      }
      // Compressed as the Worker's asset server sends them, so the floor's styles weigh on the wire what the page's do.
      if (/text|javascript|svg|json/.test(headers["content-type"] ?? "") && /gzip/.test(String(request.headers["accept-encoding"]))) {
        body = gzipSync(body);
        headers["content-encoding"] = "gzip";
      }
      response.writeHead(upstream.status, headers);
      response.end(body);
    } catch (error) {
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlOf: (name) => `http://127.0.0.1:${port}/__floor/${encodeURIComponent(name)}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
