import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { CHUNK_GROUPS } from "./scripts/chunk-groups";
import { doublesProxy } from "./scripts/doubles-proxy";
import { linguiMacro } from "./scripts/i18n/macro-plugin";
import { prerenderShells } from "./scripts/prerender-shells";
import { serviceWorker } from "./scripts/service-worker-build";
import { workerReload } from "./scripts/worker-reload";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

/** The heavy libraries of the lazily loaded routes (see `optimizeDeps` below). */
const LAZY_DEPS = [
  "@fullcalendar/core",
  "@fullcalendar/core/locales/hi",
  "@fullcalendar/interaction",
  "@fullcalendar/luxon3",
  "@fullcalendar/list",
  "@fullcalendar/timegrid",
  "recharts",
  "partysocket",
  "sonner",
  "react-hook-form",
  "@hookform/resolvers/valibot",
  "valibot",
  "@radix-ui/react-dialog",
  "@radix-ui/react-dropdown-menu",
  "@radix-ui/react-label",
  "@radix-ui/react-tabs",
];

/** What the Workers import in development besides those: the server's own libraries and the app's React stack. */
const WORKER_DEPS = [
  ...LAZY_DEPS,
  "react",
  "react/jsx-dev-runtime",
  "react-dom/server",
  "@tanstack/react-router",
  "@tanstack/react-query",
  "@trpc/client",
  "@trpc/server",
  "@trpc/server/http",
  "@trpc/server/observable",
  "@trpc/tanstack-react-query",
  "@lingui/core",
  "@lingui/react",
  "@radix-ui/react-slot",
  "class-variance-authority",
  "clsx",
  "lucide-react",
  "hono",
  "hono/cookie",
  "hono/html",
  "@hono/trpc-server",
  "partyserver",
  "drizzle-orm",
  "drizzle-orm/sqlite-core",
  "drizzle-orm/libsql/web",
  "drizzle-orm/libsql/driver-core",
  "drizzle-orm/libsql/session",
  "@libsql/client/web",
  "@oslojs/crypto/sha2",
  "@oslojs/encoding",
  "@oslojs/jwt",
  "@block65/webcrypto-web-push",
  "@zxcvbn-ts/language-common",
  "arctic",
  "ics",
  "stripe",
];

export default defineConfig({
  plugins: [
    // Before the Cloudflare plugin: the local doubles' pages in development (ADR 0033).
    doublesProxy(),
    workerReload(),
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    linguiMacro(),
    lingui(),
    react(),
    tailwindcss(),
    // The edge Worker (wrangler.toml) and the placed API it forwards signed-in calls to (wrangler.api.toml, ADR 0017).
    cloudflare({ auxiliaryWorkers: [{ configPath: "./wrangler.api.toml" }] }),
    prerenderShells(alias),
    serviceWorker(alias),
  ],
  // The manifest lets bench/bundle-size.ts weigh each page's initial JavaScript without a browser.
  environments: {
    // The Workers draw signed-in pages with the app's code (ADR 0028), so in development they import the same libraries.
    // Vite's scan of the Worker's entry fails on the Lingui macros ("executed outside the context of compilation"), so it
    // found them one by one at the first requests (FullCalendar when the scheduler was first drawn), re-optimising the
    // Worker's modules each time and loading React a second time: every page the Worker drew after it failed with
    // "Invalid hook call" and was drawn again in the browser. Named here, they are pre-bundled up front.
    mentorship: { optimizeDeps: { include: WORKER_DEPS } },
    mentorship_api: { optimizeDeps: { include: WORKER_DEPS } },
    client: {
      build: {
        manifest: true,
        // A dynamic import preloads the files its chunk needs, listed in the chunk that imports it (the entry holds the
        // lists of every route). The three files the entry itself loads are never fetched again, so they are left off
        // (except in the landing's small script, which loads none of them). No polyfill: every browser the app
        // supports has `modulepreload`, and Vite's dynamic imports fall back to `preload` where it is missing.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
            hostId.includes("landing-island")
              ? deps
              : deps.filter((dep) => !/assets[\\/](rolldown-runtime|boot|landing-shared)-/.test(dep)),
        },
        // The landing's own small script is an entry of its own (src/landing-island.ts, ADR 0018).
        rolldownOptions: {
          input: { index: "index.html", "landing-island": "src/landing-island.ts" },
          output: { codeSplitting: { groups: CHUNK_GROUPS } },
          // tRPC's client declares no `sideEffects`, so its unused WebSocket client (a class with a static field) was
          // kept in every page's first script; read as the pure library it is, it goes (0.8 KB).
          treeshake: {
            moduleSideEffects: (id: string) =>
              /[\\/]node_modules[\\/]@trpc[\\/](client|tanstack-react-query)[\\/]/.test(id) ? false : undefined,
          },
        },
      },
    },
  },
  resolve: { alias },
  // The dev server pre-bundles the heavy libraries of the lazily loaded routes up front. Left to find them
  // when a page first imports them, it re-optimises and every open tab's older imports fail
  // ("Failed to fetch dynamically imported module"): /mentors/scheduler dead-ended so.
  optimizeDeps: { include: LAZY_DEPS },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: "127.0.0.1" },
});
