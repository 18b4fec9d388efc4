import { i18n } from "@lingui/core";
import { setDisplayLocale } from "../../../shared/display-locale";
import { DEFAULT_LOCALE, firstSupported, isLocale, type Locale, localeCookie, localeFromCookie } from "../../../shared/locale";
import { type CatalogName, ENGLISH_COMMON, loadCatalogFile } from "./catalogs";

/**
 * The app's language (ADR 0027): Lingui's one i18n instance, the catalogs it has, and the
 * choice of language. The choice is kept in the `lang` cookie, so the Worker draws the landing and a
 * profile in it too, and in the account once she is signed in (`auth.setLocale`): her e-mails and
 * reminders follow it, and signing in on another device brings it back.
 */
export { i18n };

i18n.load("en", ENGLISH_COMMON);
i18n.activate(DEFAULT_LOCALE);

// A text drawn before its catalog was loaded would show as its id: said loudly, so the sweep of every
// screen (tests/e2e/every-screen.test.ts fails on any console error) catches a component in the wrong catalog.
if (import.meta.env.PROD)
  i18n.on("missing", ({ id, locale }) => console.error(`Lingui: message ${id} is missing from the loaded ${locale} catalogs`));

/** The parts of the app this page has needed so far: a switch of language loads each in the new one. */
const wanted = new Set<CatalogName>(["common"]);
const loaded = new Map<string, Promise<void>>([["en:common", Promise.resolve()]]);

function load(locale: Locale, name: CatalogName): Promise<void> {
  const key = `${locale}:${name}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = loadCatalogFile(locale, name).then((messages) => i18n.load(locale, messages));
    // A chunk that failed to arrive (offline) is asked for again next time.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** The language being switched to, while its messages load; the current one otherwise. */
let target: Locale = DEFAULT_LOCALE;

/** The language this browser asked for: the switcher's cookie, else the browser's languages, else English. */
export function browserLocale(): Locale {
  return localeFromCookie(document.cookie) ?? firstSupported(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;
}

/** Makes parts of the app's messages ready in the current language (a route's loader awaits them). */
export function loadCatalog(...names: CatalogName[]): Promise<void> {
  names.forEach((name) => wanted.add(name));
  return Promise.all(names.map((name) => load(target, name))).then(() => undefined);
}

function remember(locale: Locale) {
  document.cookie = localeCookie(locale, location.protocol === "https:");
}

/**
 * Shows the app in `locale`: every part this page has used is loaded in it first, then the switch
 * happens at once (no half-translated frame). `<html lang>` follows, for screen readers and fonts.
 */
export async function activateLocale(locale: Locale, options: { remember?: boolean } = {}): Promise<void> {
  target = locale;
  const parts = new Set<CatalogName>(wanted);
  if (locale !== "en") parts.add("messages");
  await Promise.all([...parts].map((name) => load(locale, name)));
  if (options.remember) remember(locale);
  // A later switch that started meanwhile wins.
  if (target !== locale) return;
  setDisplayLocale(locale);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** On sign-in: the language kept in her account, if she chose one, wins over this browser's. */
export function applyAccountLocale(locale: string | null | undefined): void {
  if (isLocale(locale) && locale !== currentLocale()) void activateLocale(locale, { remember: true }).catch(() => undefined);
}
