import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { deviceLabel } from "../../shared/device-of";
import { messages as english } from "../../src/locales/en/signed-in.po";
import { messages as hindi } from "../../src/locales/hi/signed-in.po";
import { deviceName } from "../../src/notifications/device-name";

/** The name a device with push on is listed by (ADR 0027): kept in English on the server, shown in the reader's language. */
describe("deviceName", () => {
  const ANDROID_CHROME =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
  const hi = setupI18n({ locale: "hi", messages: { hi: hindi } });
  const en = setupI18n({ locale: "en", messages: { en: english } });

  it("English as the browser named it", () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe("Chrome on Android");
    expect(deviceName(deviceLabel(ANDROID_CHROME), en)).toBe("Chrome on Android");
    expect(deviceName("Browser", en)).toBe("Browser");
  });

  it("Hindi around the brand names, which stay", () => {
    expect(deviceName(deviceLabel(ANDROID_CHROME), hi)).toBe("Android पर Chrome");
    expect(deviceName("Samsung Internet on Android", hi)).toBe("Android पर Samsung Internet");
    expect(deviceName("Browser on Linux", hi)).toBe("Linux पर ब्राउज़र");
    expect(deviceName("Browser", hi)).toBe("ब्राउज़र");
  });
});
