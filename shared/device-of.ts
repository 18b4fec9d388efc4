/**
 * What a browser says of itself in its User-Agent, in plain words, the common ones only: enough for a person to
 * recognise her own device. One reading for the sign-in mail and the push devices' names.
 */

/** What a sign-in's browser said of itself, in plain words ("Chrome", "Android"); null when it did not say. */
export type Device = { browser: string | null; system: string | null };

/** The browser and system a User-Agent names, the common ones only: enough for a person to recognise her own device. */
export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux".
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? "Safari"
              : null;
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  return { browser, system };
}

/** How a device is listed: "Chrome on Android", "Safari on iPhone", or "Browser" when it did not say. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, system } = deviceOf(userAgent);
  const name = browser ?? "Browser";
  return system ? `${name} on ${system}` : name;
}
