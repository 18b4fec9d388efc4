import { afterEach, describe, expect, it, vi } from "vitest";
import { canShareScreen } from "../../src/live/local-media";

/** "Share screen" is offered only where the browser can share a screen: getDisplayMedia, and not a phone or tablet. */

const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPAD_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

function browser(options: { userAgent: string; display?: boolean; mobile?: boolean; coarse?: boolean; anyFine?: boolean }) {
  vi.stubGlobal("navigator", {
    userAgent: options.userAgent,
    userAgentData: options.mobile === undefined ? undefined : { mobile: options.mobile },
    mediaDevices: options.display === false ? { getUserMedia: () => undefined } : { getDisplayMedia: () => undefined },
  });
  const queries: Record<string, boolean> = { "(pointer: coarse)": options.coarse ?? false, "(any-pointer: fine)": options.anyFine ?? true };
  vi.stubGlobal("window", { matchMedia: (query: string) => ({ matches: queries[query] ?? false }) });
}

afterEach(() => vi.unstubAllGlobals());

describe("the Share screen offer", () => {
  it("is made on a computer whose browser has getDisplayMedia, a touch laptop with a trackpad included", () => {
    browser({ userAgent: DESKTOP_CHROME, mobile: false });
    expect(canShareScreen()).toBe(true);
    browser({ userAgent: DESKTOP_CHROME, coarse: true, anyFine: true });
    expect(canShareScreen()).toBe(true);
  });

  it("is not made without getDisplayMedia", () => {
    browser({ userAgent: DESKTOP_CHROME, display: false });
    expect(canShareScreen()).toBe(false);
  });

  it("is not made on a phone or tablet, even where the browser defines getDisplayMedia", () => {
    browser({ userAgent: ANDROID_CHROME });
    expect(canShareScreen()).toBe(false);
    browser({ userAgent: DESKTOP_CHROME, mobile: true });
    expect(canShareScreen()).toBe(false);
    // An iPad's Safari says it is a Mac: its only pointer is a finger.
    browser({ userAgent: IPAD_SAFARI, coarse: true, anyFine: false });
    expect(canShareScreen()).toBe(false);
  });
});
