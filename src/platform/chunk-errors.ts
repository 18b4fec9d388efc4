import { t } from "@lingui/core/macro";
// The app's Lingui instance, active (English until the reader picks a language) wherever this module runs.
import "./i18n";

/**
 * A piece of the app's code that could not be fetched: a route's chunk or a lazily loaded part (the
 * calendar, a chart). It happens to an open tab after a deploy removed the old files, on a flaky
 * connection, and on the dev server after its dependency cache changed.
 */

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed|Outdated Optimize Dep/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** What failed, in words for the sentence "This part of MentorLink could not be loaded (…)". Never the URL. */
export function failedPartName(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Only the addresses' paths are read: the message's own words ("dynamically") must not match.
  const paths = (message.match(/(?:https?:\/\/[^/\s]+)?\/[^\s'"]+/g) ?? []).join(" ").replace(/https?:\/\/[^/\s]+/g, "");
  if (/calendar/i.test(paths)) return t`the calendar`;
  if (/chart|recharts/i.test(paths)) return t`the chart`;
  if (/review/i.test(paths)) return t`the reviews`;
  if (/live|call-view|video/i.test(paths)) return t`the video call`;
  return t`this page`;
}

const FLAG = "mentorlink:chunk-reload";
/** A reload younger than this that failed again is not repeated: the retry screen shows instead. */
const RECENT_MS = 60_000;

function readFlag(): number {
  try {
    return Number(sessionStorage.getItem(FLAG) ?? 0);
  } catch {
    return Date.now();
  }
}

/**
 * Reloads the page once to fetch the current code; false (and no reload) when a reload was just
 * tried for this tab, or the router has already reloaded for this very error (its own flag).
 */
export function reloadOnce(error?: unknown): boolean {
  if (typeof window === "undefined") return false;
  if (Date.now() - readFlag() < RECENT_MS) return false;
  try {
    // The router reloads once by itself for a route's chunk, keyed by the message (lazyRouteComponent):
    // one reload between the two of us, whichever comes first.
    const routerKey = error instanceof Error ? `tanstack_router_reload:${error.message}` : null;
    if (routerKey && sessionStorage.getItem(routerKey)) return false;
    sessionStorage.setItem(FLAG, String(Date.now()));
    if (routerKey) sessionStorage.setItem(routerKey, "1");
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
