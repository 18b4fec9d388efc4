import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import { SKIP_WAITING_MESSAGE } from "../../shared/app-install";
import { handlingOf, offlineFallbackOf, PAGE_NETWORK_TIMEOUT_SECONDS, PAGES_CACHE, PAGES_KEPT } from "./policy";
import "./push";

/**
 * The service worker (docs/decisions/0027-reach-pwa-notes.md, ADR 0027), served at /sw.js for the whole
 * app. It makes the product start offline: the app page, the offline page and the files the public pages
 * load are precached at install (the build lists them: scripts/service-worker-build.ts); public pages
 * (landing, browse, a mentor's profile) come from the network first, with the last copy kept for
 * offline; every other page needs the network and gets the offline page without it. It never answers or
 * keeps the API, tRPC, the rooms, pictures or anything signed (src/sw/policy.ts).
 *
 * A new version waits until the app asks it to take over (the person chose "Reload"), so an open tab is
 * never switched to files it did not load.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);

const pagesKept = new ExpirationPlugin({ maxEntries: PAGES_KEPT, purgeOnQuotaError: true });
// A copy per address, whatever the answer varied on: offline, the copy this browser last saw is the one to show.
const publicPages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
  plugins: [pagesKept],
  matchOptions: { ignoreVary: true },
});
registerRoute(({ request }) => handlingOf(request, self.location.origin) === "public-page", publicPages);
registerRoute(({ request }) => handlingOf(request, self.location.origin) === "page", new NetworkOnly());

// A navigation with no network and nothing kept: the app page for the landing and browse, else the offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  return (await matchPrecache(offlineFallbackOf(new URL(request.url).pathname))) ?? Response.error();
});

self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Once active, this version controls the open pages at once (the first visit too, so it can start offline later).
clientsClaim();

self.addEventListener("activate", (event) => {
  event.waitUntil(keepPagesAfresh(event));
});

/**
 * The kept pages name the hashed files of the version that kept them, which this version's precache no
 * longer holds, so they go. Then the landing (where the installed app starts) and the public pages open now
 * are kept afresh: among them the page this worker was installed from, loaded before any worker ran, so
 * the page a visitor came in on opens offline too.
 */
async function keepPagesAfresh(event: ExtendableEvent): Promise<void> {
  await pagesKept.deleteCacheAndMetadata();
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const urls = [...new Set([new URL("/", self.location.origin).href, ...windows.map((client) => client.url)])].filter(
    (url) => handlingOf({ url, method: "GET", mode: "navigate", headers: new Headers() }, self.location.origin) === "public-page",
  );
  // Asked as a page is (Accept: text/html), so the Worker answers in the reader's language as it does a navigation.
  await Promise.all(
    urls.map((url) =>
      publicPages.handle({ request: new Request(url, { headers: { accept: "text/html" } }), event }).catch(() => undefined),
    ),
  );
}
