import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_API_CONFIG_PATH, BUILT_WORKER_CONFIG_PATH } from "../../scripts/built-worker";

/**
 * The production build holds no double of a third party (ADR 0033): the local Stripe, the local
 * Google, the local mail provider and the local push service run in Node beside the Worker, never inside it. Each marker is
 * something only a double has: its tables, its keys and secrets, its pages' words.
 */
const DOUBLE_MARKERS = [
  "dev_stripe_objects",
  "dev_mailbox",
  "sk_test_local_mentorlink",
  "whsec_local_mentorlink",
  "local-google-signing-key",
  "Local Stripe: subscriptions",
  "Test mode: local checkout",
  "Add a test bank account",
  "Development mailbox",
  "Development: local stand-in for Google",
  "dev_google_events",
  "dev_google_grants",
  "Development: local stand-in for Google Calendar",
  "dev_push_subscriptions",
  "dev_push_messages",
  "Development push service",
  "no last-record delimiter",
  "push messages are POSTed",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("the production bundle", () => {
  for (const config of [BUILT_WORKER_CONFIG_PATH, BUILT_API_CONFIG_PATH]) {
    it(`${dirname(config).split("/").pop()} holds none of the doubles`, () => {
      const code = filesUnder(dirname(config)).filter((file) => /\.(m?js|cjs)$/.test(file));
      expect(code.length).toBeGreaterThan(0);
      for (const file of code) {
        const text = readFileSync(file, "utf8");
        for (const marker of DOUBLE_MARKERS) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
      }
    });
  }

  it("the markers are the doubles' own, so this test can fail", () => {
    const doubles = filesUnder("worker/dev")
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    for (const marker of DOUBLE_MARKERS) expect(doubles, marker).toContain(marker);
  });
});
