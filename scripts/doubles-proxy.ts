import { request } from "node:http";
import type { Plugin } from "vite";

/** The doubles' pages a browser opens on the app's origin in `npm run dev` (ADR 0033). */
const PAGES = ["/dev/stripe", "/dev/mailbox", "/dev/google", "/dev/google-calendar", "/dev/push"];

/**
 * The service worker of `npm run dev` (src/notifications/web-push.ts registers it), which builds no /sw.js: a module
 * worker that runs the app's push handlers (src/sw/push.ts) as Vite serves them, and nothing else (a built Worker's
 * own /sw.js carries the same handlers). It answers no requests, so it keeps nothing, and may control the whole site
 * (`Service-Worker-Allowed`). Served by Vite itself, not by the doubles: it is the app's code, not a third party's.
 */
const DEV_SERVICE_WORKER_PATH = "/dev/push/sw.js";
const DEV_SERVICE_WORKER = `// Development only: the app's Web Push handlers, without the built worker's offline caching.
import "/src/sw/push.ts";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
`;

/**
 * `npm run dev`: the local doubles' pages (worker/dev/doubles.ts, at DOUBLES_URL) on the app's own
 * origin, so the links the app and the local Stripe hand out read `localhost:5173/dev/...`. It must
 * come before the Cloudflare plugin, which hands every other path to the Worker.
 */
export function doublesProxy(): Plugin {
  return {
    name: "mentorlink:doubles-proxy",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== DEV_SERVICE_WORKER_PATH) return next();
        res.writeHead(200, {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "no-cache",
          "service-worker-allowed": "/",
        });
        res.end(DEV_SERVICE_WORKER);
      });
      const target = process.env.DOUBLES_URL;
      if (!target) return;
      server.middlewares.use((req, res, next) => {
        if (!PAGES.some((path) => req.url === path || req.url?.startsWith(`${path}/`) || req.url?.startsWith(`${path}?`))) return next();
        const forward = request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forward.on("error", (error) => {
          res.writeHead(502, { "content-type": "text/plain" });
          res.end(`The local doubles did not answer: ${error.message}`);
        });
        req.pipe(forward);
      });
    },
  };
}
