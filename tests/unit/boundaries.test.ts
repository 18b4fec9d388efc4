import { createRequire } from "node:module";
import { resolve } from "node:path";
import { cruise } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

/**
 * The floors of ADR 0022, checked with dependency-cruiser against .dependency-cruiser.cjs: shared
 * imports nothing of ours, db nothing above it, services no transport or stand-in, the SPA only the
 * router's types, the Worker the SPA only through its page-drawing entry, and no circles anywhere.
 */
const ROOT = resolve(__dirname, "../..");
const config = createRequire(import.meta.url)(resolve(ROOT, ".dependency-cruiser.cjs"));

describe("dependency boundaries", () => {
  it("no module breaks a rule of .dependency-cruiser.cjs", async () => {
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      const result = await cruise(["shared", "db", "worker", "party", "src"], {
        ...config.options,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
      });
      const output = typeof result.output === "string" ? JSON.parse(result.output) : result.output;
      const violations = output.summary.violations.map(
        (v: { rule: { name: string }; from: string; to: string }) => `${v.rule.name}: ${v.from} -> ${v.to}`,
      );
      expect(violations).toEqual([]);
      expect(output.summary.totalCruised).toBeGreaterThan(300);
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);
});
