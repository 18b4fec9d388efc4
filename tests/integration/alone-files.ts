/**
 * Integration files that must not run beside other integration files: they count rows over the whole database (the daily
 * statistics, the seed's second run) or run a minute job at a later time over the whole database.
 * `tests/integration/one-at-a-time.test.ts` runs them one after the other, on the integration stack, while the browser
 * tier (whose stack is its own) runs beside them.
 */
export const ALONE = [
  "tests/integration/attendance-seed.test.ts",
  // These run the whole demo seed a second time and check it changed nothing, counting the demo mentor's rows: another
  // file's minute job run at a later time (settling sessions) can settle a demo session and tell him in between.
  "tests/integration/chat-seed.test.ts",
  "tests/integration/payouts-seed.test.ts",
  // The moderator's backlog counts every mail of the database: another file's mail written meanwhile moves its figures.
  "tests/integration/background-work.test.ts",
  // 50 sign-ups at once, each hashing at the production cost: beside other files the shared isolate reset connections.
  "tests/integration/concurrent-writes.test.ts",
  // Its own stack's mail double scripts refusals; another file's cron on the shared database (run at a later `now`)
  // would hand the same unsent rows to the suite stack's queue, whose double accepts them.
  "tests/integration/mail-outbox.test.ts",
  "tests/integration/moderation-statistics.test.ts",
  // Each runs a minute job at a later time over the whole database (releasing unanswered requests to move, settling
  // sessions): beside others it released another file's bookings that were waiting on their own request.
  "tests/integration/scheduling-reschedule.test.ts",
  "tests/integration/sessions-past.test.ts",
];

/**
 * Files that time the Worker's answers against each other (the reset's unknown e-mail against a known one): they run
 * last, when nothing else shares the cores (`integration-timed`). Beside the e2e tier a known address's median answer
 * once came 158 ms after an unknown one's.
 */
export const TIMED = ["tests/integration/password-reset.test.ts"];
