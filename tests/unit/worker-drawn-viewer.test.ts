import { describe, expect, it } from "vitest";
import { clockTime, dayOf, fullDateTime, longDate } from "../../src/platform/dates";
import { viewerZone, viewerZoneInput } from "../../src/platform/viewer-zone";
import { drawForViewer, workerDrawnViewer } from "../../src/platform/worker-drawn-viewer";
import { recentSearches } from "../../src/search/search-history";

/**
 * While the Worker draws a signed-in page, the viewer's zone and a mentee's recent searches are those the
 * browser told it (src/platform/worker-drawn-viewer.ts), so the page is the one the browser draws; outside the drawing, the runtime's own.
 */
describe("a page drawn for a browser", () => {
  const newYork = { locale: "en" as const, zone: "America/New_York", searches: ["rust"] };

  it("writes instants in the browser's zone, and wall-clock days as written", () => {
    drawForViewer(newYork, () => {
      expect(viewerZone()).toBe("America/New_York");
      expect(viewerZoneInput()).toEqual({ timeZone: "America/New_York" });
      // 02:00 UTC on the 26th is the evening of the 25th in New York.
      expect(longDate("2026-10-26T02:00:00.000Z")).toBe("October 25th 2026");
      expect(fullDateTime("2026-10-26T02:00:00.000Z")).toBe("October 25th 2026, 10:00 pm (America/New_York)");
      expect(clockTime("2026-10-26T02:00:00.000Z")).toBe("10:00 pm");
      expect(dayOf("2026-10-26T02:00:00.000Z")).toBe("2026-10-25");
      // A day of the statistics is that day, in any zone the page is drawn in.
      expect(longDate("2026-10-26T00:00")).toBe("October 26th 2026");
    });
  });

  it("uses the searches the browser told, and only while drawing; then everything is the runtime's own again", () => {
    const before = viewerZone();
    expect(drawForViewer(newYork, () => recentSearches(undefined))).toEqual(["rust"]);
    expect(workerDrawnViewer()).toBeNull();
    expect(viewerZone()).toBe(before);
    expect(recentSearches(undefined)).toEqual([]);
    // Also when the drawing throws.
    expect(() =>
      drawForViewer(newYork, () => {
        throw new Error("no");
      }),
    ).toThrow("no");
    expect(workerDrawnViewer()).toBeNull();
  });
});
