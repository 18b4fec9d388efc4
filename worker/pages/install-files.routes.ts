import { type Context, Hono } from "hono";
import { SERVICE_WORKER_PATH, WEB_MANIFEST_PATH } from "../../shared/app-install";
import type { AppEnv } from "../platform/app-env";

/**
 * The installed app's two unhashed files (ADR 0027), from the build's assets with the type and caching they
 * need: the service worker and the web app manifest are revalidated on every request (`no-cache`), so a new
 * version is found as soon as it is deployed; the manifest is named `application/manifest+json`.
 *
 * `npm run dev` builds no service worker: there, /sw.js is a worker that removes itself, so one left on this
 * origin by `npm run preview` (same address) stops answering for the development server.
 */
export const installFileRoutes = new Hono<AppEnv>();

/** Replaces any worker registered on this origin, then unregisters itself; it answers no requests. */
const SELF_REMOVING_WORKER = `self.addEventListener("install", () => self.skipWaiting());\nself.addEventListener("activate", () => self.registration.unregister());\n`;

installFileRoutes.get(SERVICE_WORKER_PATH, async (c) => {
  const asset = await builtFile(c);
  if (asset) return withHeaders(asset, "text/javascript; charset=utf-8");
  return c.body(SELF_REMOVING_WORKER, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" });
});

installFileRoutes.get(WEB_MANIFEST_PATH, async (c) => {
  const asset = await builtFile(c);
  return asset ? withHeaders(asset, "application/manifest+json") : c.notFound();
});

/** The file from the assets, or null when there is none (the assets would answer the app page instead). */
async function builtFile(c: Context<AppEnv>): Promise<Response | null> {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  if (asset.status === 304) return asset;
  if (!asset.ok || (asset.headers.get("content-type") ?? "").startsWith("text/html")) {
    await asset.body?.cancel();
    return null;
  }
  return asset;
}

function withHeaders(asset: Response, contentType: string): Response {
  const headers = new Headers(asset.headers);
  if (asset.status !== 304) headers.set("content-type", contentType);
  headers.set("cache-control", "no-cache");
  return new Response(asset.body, { status: asset.status, headers });
}
