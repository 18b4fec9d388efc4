import { request } from "node:http";
import type { Plugin } from "vite";

/** The doubles' pages a browser opens on the app's origin in `npm run dev` (ADR 0033). */
const PAGES = ["/dev/stripe", "/dev/mailbox", "/dev/google", "/dev/google-calendar"];

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
