/**
 * The product's languages (ADR 0027). English is the source language: the SPEC's texts stay
 * exactly as they are in English. A person's language comes from her account's setting, else from the
 * browser's Accept-Language (or navigator.languages), else English.
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** What each language calls itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

/** The cookie that carries a visitor's choice to the Worker-drawn pages before she has an account. */
export const LOCALE_COOKIE = "lang";

/** Marks the switcher, so the landing's small script (src/landing-island.ts) handles it before the app runs. */
export const LANGUAGE_SWITCHER_ATTRIBUTE = "data-language-switcher";

/** The switcher's cookie for a year, site-wide; Secure where the page is https. Written by the app and by the landing's script. */
export const localeCookie = (locale: string, https: boolean): string =>
  `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax${https ? "; Secure" : ""}`;

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The first supported language of a preference list (`hi-IN` counts as `hi`), in the list's order. */
export function firstSupported(preferred: readonly string[]): Locale | null {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split("-")[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** An Accept-Language header's tags, highest quality first (RFC 9110 §12.5.4); `*` and malformed parts are dropped. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.quality > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(t.tag))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((t) => t.tag);
}

/** The account's setting, else the browser's languages, else English. */
export function resolveLocale(setting: string | null | undefined, preferred: readonly string[]): Locale {
  if (isLocale(setting)) return setting;
  return firstSupported(preferred) ?? DEFAULT_LOCALE;
}

/** The switcher's choice carried by the `lang` cookie, if any. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`))?.[1];
  return isLocale(value) ? value : null;
}

/** A request's language before any account is known: the switcher's cookie, else Accept-Language, else English. */
export function requestLocale(headers: { get(name: string): string | null }): Locale {
  return resolveLocale(localeFromCookie(headers.get("cookie")), acceptedLanguages(headers.get("accept-language")));
}

/** The built app page of each language (scripts/prerender-shells.ts writes one per language; the Worker picks it). */
export const pageFileOf = (locale: Locale): string => (locale === DEFAULT_LOCALE ? "index.html" : `index.${locale}.html`);
