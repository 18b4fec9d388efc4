import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A request acts at `ctx.now` and a job at its run's instant (worker/platform/clock.ts), so the test clock
 * (`x-mentorlink-now`) reaches every time window. These files may read the wall clock, each for its reason:
 */
const MAY_READ_THE_WALL_CLOCK: Record<string, string> = {
  "clock.ts": "the one source of now",
  "tokens.ts": "sign-in token lifetimes are checked against the real clock by the token library",
  "sessions.ts": "sign-in sessions live on the same real clock as the tokens that name them",
  "accounts.ts": "whether a sign-in is live, on the sessions' real clock",
  "edge-cache.ts": "cache freshness is the cache's, not a product rule",
  "images.ts": "a fresh key per upload, which a frozen test clock would repeat",
  "slot-turns.ts": "how long this isolate waits for a slot's turn, not a product rule",
};

const ROOT = resolve(__dirname, "../..");
const WALL_CLOCK = /Date\.now\(\)|new Date\(\)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The development stand-ins (the local Stripe, Google and mail) play a third party's own clock.
    if (entry.isDirectory()) return entry.name === "dev" || entry.name.startsWith("local-") ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.startsWith("local-") ? [path] : [];
  });
}

describe("one clock", () => {
  it("no Worker module outside the development stand-ins reads the wall clock, but the few that say why", () => {
    const readers = sources(join(ROOT, "worker"))
      .filter((file) => !(basename(file) in MAY_READ_THE_WALL_CLOCK))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => (WALL_CLOCK.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(readers).toEqual([]);
  });
});
