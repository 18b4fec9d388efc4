/**
 * The installed app's fixed addresses (ADR 0027): the Worker serves them with their caching rules
 * (worker/pages/install-files.routes.ts), the build writes them (scripts/service-worker-build.ts), the pages
 * register and link them, and the service worker (src/sw/) answers from them offline.
 */

/** The service worker: unhashed, at the root so its scope is the whole app. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** The web app manifest (public/manifest.webmanifest, written by scripts/app-icons.ts). */
export const WEB_MANIFEST_PATH = "/manifest.webmanifest";

/** The page a navigation gets when it needs the network and has none (public/offline.html; the assets serve HTML files without their extension). */
export const OFFLINE_PAGE_PATH = "/offline";

/**
 * Where the service worker keeps the app page (the built index.html): an address no route claims, so the
 * Worker answers it with the app page as it answers any page of the app. Offline, the landing and browse
 * start from it when no copy of their own was kept.
 */
export const APP_SHELL_PATH = "/app-shell";

/** The message the app sends a waiting service worker when the person chooses to reload into the new version. */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";

/** The service worker's cache of public pages kept for offline; the app empties it when a person signs out (ADR 0030). */
export const PAGES_CACHE = "mentorlink-pages";
