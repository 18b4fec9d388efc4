import { getDisplayLocale, setDisplayLocale } from "../../shared/display-locale";
import type { Locale } from "../../shared/locale";
import { i18n } from "./i18n";

/**
 * What the Worker knows of the browser it draws a signed-in page for: its language (as for every page), and
 * what the app told it in cookies (src/platform/page-cookie.ts), its time zone and the mentee's recent searches (kept in the
 * browser only). The page it draws must be the one the browser would draw, to the letter, for React to take it over.
 */
export type Viewer = { locale: Locale; zone: string; searches: string[] /** When the Worker draws the page (ms). */; drawnAt?: number };

let viewerBeingDrawnFor: Viewer | null = null;
/** In the browser: when the Worker drew the page this document arrived with (its data block says), if it did. */
let drawnPageInstant: number | null = null;

/** The browser a page is being drawn for by the Worker; null in the browser itself. */
export const workerDrawnViewer = (): Viewer | null => viewerBeingDrawnFor;

/** The instant the page being drawn, or taken over, was drawn at: the Worker's while it draws, the data block's in the browser. */
export const drawingInstant = (): number | null => viewerBeingDrawnFor?.drawnAt ?? drawnPageInstant;

/** The browser takes over a page the Worker drew at `at` (src/main.tsx). */
export function takeOverPageDrawnAt(at: number | undefined): void {
  drawnPageInstant = at ?? null;
}

/**
 * Draws a page for `viewer` (src/prerender/render-route.tsx): its zone and searches, and its language for the app's one
 * i18n and its dates, as the browser's language switch sets both (src/platform/i18n). Only around a synchronous render:
 * nothing else runs meanwhile, so pages drawn for other browsers at the same time keep their own. (A route's loader
 * runs before, and asynchronously: it reads the viewer from the router's context instead.)
 */
export function drawForViewer<T>(viewer: Viewer | undefined, draw: () => T): T {
  if (viewer === undefined) return draw();
  const before = { viewer: viewerBeingDrawnFor, display: getDisplayLocale(), locale: i18n.locale };
  viewerBeingDrawnFor = viewer;
  setDisplayLocale(viewer.locale);
  if (i18n.locale !== viewer.locale) i18n.activate(viewer.locale);
  try {
    return draw();
  } finally {
    viewerBeingDrawnFor = before.viewer;
    setDisplayLocale(before.display);
    if (i18n.locale !== before.locale) i18n.activate(before.locale);
  }
}
