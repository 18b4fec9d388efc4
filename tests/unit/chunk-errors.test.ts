import { describe, expect, it } from "vitest";
import { failedPartName, isChunkLoadError } from "../../src/platform/chunk-errors";

/** A failed chunk is told apart from other errors, and named in words, never by its address. */
const failed = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe("chunk errors", () => {
  it("recognises the browsers' messages for a module that could not be fetched, and nothing else", () => {
    expect(isChunkLoadError(failed("http://x.test/assets/login-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://x.test/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/slot-calendar-1.css"))).toBe(true);
    expect(isChunkLoadError(new Error("The sign-in page broke"))).toBe(false);
  });

  it("names what failed in words", () => {
    expect(failedPartName(failed("http://x.test/assets/slot-calendar-BTcwzZkN.js"))).toBe("the calendar");
    expect(failedPartName(failed("http://localhost:5173/node_modules/.vite/deps/@fullcalendar_core.js?v=1"))).toBe("the calendar");
    expect(failedPartName(failed("http://x.test/assets/enrollment-chart-1.js"))).toBe("the chart");
    // "dynamically" in the message itself is not a video call.
    expect(failedPartName(failed("http://x.test/assets/login-bw_PCUUE.js"))).toBe("this page");
  });
});
