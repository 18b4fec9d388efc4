import { describe, expect, it } from "vitest";
import { formatWhen, preferredZone, zoneLabel } from "../../shared/zoned-time";
import { allZones } from "../../src/platform/zoned";

/** One spelling of a zone everywhere it is shown, today's IANA name, whatever the runtime calls it. */
describe("one spelling per zone", () => {
  it("shows today's name for a zone the runtime lists under its old alias", () => {
    expect(preferredZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(preferredZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(preferredZone("America/New_York")).toBe("America/New_York");
    expect(zoneLabel("Asia/Calcutta", new Date("2026-03-09T00:00:00Z"))).toBe("Asia/Kolkata (GMT+5:30)");
    expect(zoneLabel("Asia/Kolkata", new Date("2026-03-09T00:00:00Z"))).toBe("Asia/Kolkata (GMT+5:30)");
    expect(formatWhen("2026-03-09T04:00:00Z", "Asia/Calcutta")).toBe("March 9th 2026, 9:30 am (Asia/Kolkata)");
  });

  it("lists each zone once in the picker, by today's name", () => {
    const zones = allZones();
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(new Set(zones).size).toBe(zones.length);
  });
});
