import { describe } from "vitest";
import { ALONE } from "./alone-files";

/**
 * The integration files that must not run beside other integration files (tests/integration/alone-files.ts), as one
 * file of the `integration-alone` project: vitest runs a file's suites in order, so they run one after the other, and
 * this one file runs beside the e2e files (another stack and database) instead of after everything else with a core
 * idle. Each file's suites and hooks stay inside its own `describe`, named by the file.
 * One of them alone: `npx vitest run --project integration-alone -t "<file name>"`.
 */
for (const file of ALONE) {
  describe(file.replace("tests/integration/", ""), async () => {
    await import(`../../${file}`);
  });
}
