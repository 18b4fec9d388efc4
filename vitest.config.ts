import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { lingui } from "@lingui/vite-plugin";
import { linguiMacro } from "./scripts/i18n/macro-plugin";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

/**
 * unit: pure logic in Node. integration: HTTP and WebSocket calls to the built Worker running in
 * workerd (wrangler dev) on a fresh sqld. e2e: the same stack driven through Debian's Chromium.
 * `npm test` builds first, so integration and e2e run against the production bundle.
 */
export default defineConfig({
  // Code under test may use Lingui's macros and import .po catalogs (ADR 0027), as the build does.
  plugins: [linguiMacro(), lingui()],
  resolve: { alias },
  test: {
    projects: [
      { plugins: [linguiMacro(), lingui()], resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        // Integration tests read some Worker modules in Node (constants, the router's shape): those may use the macro and import .po files.
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The fuzz test reads the router and the route table (their shape only) in Node.
          alias: { partyserver: fileURLToPath(new URL("./tests/support/partyserver-stub.ts", import.meta.url)) },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          fileParallelism: false,
          // One after the other in one worker, the files share what they import (the test support, the database client):
          // each file still launches its own Chromium and registers its own hooks; about 0.8 s a file less.
          isolate: false,
          // A page's answer to a click can take seconds while the integration project shares the 2 cores; a poll ends as soon as it holds.
          expect: { poll: { timeout: 5_000 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
