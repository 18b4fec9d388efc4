import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { CHUNK_GROUPS } from "./scripts/chunk-groups";
import { prerenderShells } from "./scripts/prerender-shells";
import { serviceWorker } from "./scripts/service-worker-build";
import { lingui } from "@lingui/vite-plugin";
import { linguiMacro } from "./scripts/i18n/macro-plugin";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

export default defineConfig({
  plugins: [
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
    client: {
      build: {
        manifest: true,
        // The landing's own small script is an entry of its own (src/landing-island.ts, ADR 0018).
        rolldownOptions: { input: { index: "index.html", "landing-island": "src/landing-island.ts" }, output: { codeSplitting: { groups: CHUNK_GROUPS } } },
      },
    },
  },
  resolve: { alias },
  // The dev server pre-bundles the heavy libraries of the lazily loaded routes up front. Left to find them
  // when a page first imports them, it re-optimises and every open tab's older imports fail
  // ("Failed to fetch dynamically imported module"): /mentors/scheduler dead-ended so (issue 23).
  optimizeDeps: {
    include: [
      "@fullcalendar/core",
      "@fullcalendar/interaction",
      "@fullcalendar/luxon3",
      "@fullcalendar/react",
      "@fullcalendar/timegrid",
      "recharts",
      "partysocket",
      "sonner",
      "dayjs",
      "dayjs/plugin/advancedFormat",
      "dayjs/plugin/relativeTime",
      "react-hook-form",
      "@hookform/resolvers/valibot",
      "valibot",
      "@radix-ui/react-dialog",
      "@radix-ui/react-dropdown-menu",
      "@radix-ui/react-label",
      "@radix-ui/react-tabs",
    ],
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: "127.0.0.1" },
});
