import { describe, expect, it } from "vitest";
import { acceptedLanguages, firstSupported, localeFromCookie, pageFileOf, requestLocale, resolveLocale } from "../../shared/locale";
import { formatDate, formatIn, formatTime, formatWhen, WEEKDAY_DATE_TIME } from "../../shared/zoned-time";

/** Which language a person reads, from her account, her switcher cookie, or her browser. */
describe("choosing the language", () => {
  it("orders Accept-Language by quality, keeping the header's order among equals, and drops * and q=0", () => {
    expect(acceptedLanguages("fr-FR, hi;q=0.5, en;q=0.8, *;q=0.1, de;q=0")).toEqual(["fr-FR", "en", "hi"]);
    expect(acceptedLanguages("hi-IN,hi;q=0.9,en;q=0.8")).toEqual(["hi-IN", "hi", "en"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
    expect(acceptedLanguages("<script>, en")).toEqual(["en"]);
  });

  it("takes the first language we have, regions included", () => {
    expect(firstSupported(["fr-FR", "hi-IN", "en"])).toBe("hi");
    expect(firstSupported(["EN-gb"])).toBe("en");
    expect(firstSupported(["fr", "de"])).toBeNull();
  });

  it("puts the account's setting first, then the browser, then English", () => {
    expect(resolveLocale("hi", ["en"])).toBe("hi");
    expect(resolveLocale(null, ["hi-IN"])).toBe("hi");
    expect(resolveLocale("xx", ["fr"])).toBe("en");
  });

  it("reads the switcher's cookie among others, and ignores a value we do not have", () => {
    expect(localeFromCookie("a=1; lang=hi; b=2")).toBe("hi");
    expect(localeFromCookie("slang=hi")).toBeNull();
    expect(localeFromCookie("lang=fr")).toBeNull();
    const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });
    expect(requestLocale(headers({ cookie: "lang=en", "accept-language": "hi" }))).toBe("en");
    expect(requestLocale(headers({ "accept-language": "hi" }))).toBe("hi");
    expect(requestLocale(headers({}))).toBe("en");
  });

  it("names the built page of each language", () => {
    expect(pageFileOf("en")).toBe("index.html");
    expect(pageFileOf("hi")).toBe("index.hi.html");
  });
});

describe("dates in a language", () => {
  const at = new Date("2026-03-05T09:34:00Z");
  it("keeps the SPEC's English formats exactly", () => {
    expect(formatDate(at, "Asia/Kolkata", "en")).toBe("March 5th 2026");
    expect(formatTime(at, "Asia/Kolkata", "en")).toBe("3:04 pm");
    expect(formatWhen(at, "Asia/Kolkata", "en")).toBe("March 5th 2026, 3:04 pm (Asia/Kolkata)");
  });
  it("writes Hindi dates with Hindi month names, in the same zone", () => {
    expect(formatDate(at, "Asia/Kolkata", "hi")).toBe("5 मार्च 2026");
    expect(formatDate(at, "America/Los_Angeles", "hi")).toBe("5 मार्च 2026");
    expect(formatTime(at, "Asia/Kolkata", "hi")).toMatch(/^3:04/);
    expect(formatWhen(at, "Asia/Kolkata", "hi")).toMatch(/^5 मार्च 2026, 3:04 .+ \(Asia\/Kolkata\)$/);
  });
  it("writes a screen's own pattern: English by its pattern exactly, Hindi by Intl with the same fields, in the zone", () => {
    expect(formatIn(at, "ddd, MMM D, h:mm a", WEEKDAY_DATE_TIME, "Asia/Kolkata", "en")).toBe("Thu, Mar 5, 3:04 pm");
    const hindi = formatIn(at, "ddd, MMM D, h:mm a", WEEKDAY_DATE_TIME, "Asia/Kolkata", "hi");
    expect(hindi).toMatch(/गुरु/);
    expect(hindi).toMatch(/मार्च/);
    expect(hindi).toMatch(/3:04/);
    expect(formatIn("2026-11-01T00:00:00", "MMMM YYYY", { month: "long", year: "numeric" }, undefined, "en")).toBe("November 2026");
    expect(formatIn("2026-11-01T00:00:00", "MMMM YYYY", { month: "long", year: "numeric" }, undefined, "hi")).toBe("नवंबर 2026");
  });
});
