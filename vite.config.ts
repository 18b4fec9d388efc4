import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { CHUNK_GROUPS } from "./scripts/chunk-groups";
import { prerenderShells } from "./scripts/prerender-shells";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss(), cloudflare(), prerenderShells(alias)],
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
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: "127.0.0.1" },
});
