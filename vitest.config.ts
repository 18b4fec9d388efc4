import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./scripts/i18n/macro-plugin";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };
/** Tests that read the router or the route table in Node (their shape only) import the Durable Object base through this stub. */
const nodeAlias = { partyserver: fileURLToPath(new URL("./tests/support/partyserver-stub.ts", import.meta.url)) };

/**
 * Integration files that start no Worker: they read the build (its manifest) or the Worker's modules in Node. They run
 * in the `build` project, which has no global setup, so running them alone boots no stack.
 */
const WITHOUT_STACK = ["tests/integration/page-weight.test.ts", "tests/integration/router-shape.test.ts"];

/**
 * Integration files that must not run beside others: they count rows over the whole database (the daily statistics,
 * the attendance seed's second run), or time the Worker's answers against each other (the reset's unknown e-mail). They run after everything else, one
 * at a time, on the integration project's stack.
 */
const ALONE = [
  "tests/integration/attendance-seed.test.ts",
  // The moderator's backlog counts every mail of the database: another file's mail written meanwhile moves its figures.
  "tests/integration/background-work.test.ts",
  // 50 sign-ups at once, each hashing at the production cost: beside other files the shared isolate reset connections.
  "tests/integration/concurrent-writes.test.ts",
  // Its own stack's mail double scripts refusals; another file's cron on the shared database (run at a later `now`)
  // would hand the same unsent rows to the suite stack's queue, whose double accepts them.
  "tests/integration/mail-outbox.test.ts",
  "tests/integration/moderation-statistics.test.ts",
  "tests/integration/password-reset.test.ts",
];

/**
 * unit: pure logic in Node. build: checks of the built bundle and the Worker's module shapes, in Node.
 * domain: the Worker's procedures and services called in Node on a libSQL file of the test file's own, no Worker.
 * integration: HTTP and WebSocket calls to the built Worker running in workerd (Miniflare) on a fresh sqld.
 * e2e: the same kind of stack (its own) driven through Debian's Chromium.
 * integration-alone: the ALONE files, on the integration stack, after everything else and one at a time.
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
    // In the domain tier, what a procedure starts after its response (sending the mail it wrote, pushes to rooms) has
    // no database or room (tests/support/domain.ts): its failures there are expected, not news.
    onConsoleLog: (log, _type, entity) => !(entity?.project.name === "domain" && /domain\.invalid|partyserver is not available/.test(log)),
    projects: [
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: { name: "build", include: WITHOUT_STACK, environment: "node", alias: nodeAlias },
      },
      {
        // The Worker's procedures and services in Node on a libSQL file of each test file's own (tests/support/domain.ts).
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "domain",
          include: ["tests/domain/**/*.test.ts"],
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
          exclude: [...WITHOUT_STACK, ...ALONE],
          alias: nodeAlias,
          // A worker's files share the modules they import (the test support, the database client, the Worker's constants);
          // each file still has its own hooks and accounts. 24 files took 101 s instead of 187 s, their imports 23 s instead of 74 s.
          isolate: false,
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [linguiMacro(), lingui()],
        resolve: { alias },
        test: {
          name: "integration-alone",
          include: ALONE,
          alias: nodeAlias,
          globalSetup: ["tests/support/global-setup.ts"],
          // A later group: it starts once every other file is done, and runs its files one after the other.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
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
