/**
 * The public pages whose first paint arrives in the HTML (ADR 0018): the build pre-renders
 * each into index.html, and the one index.html answers every path, so an inline script in the head
 * picks the shell of the path before anything paints and a style shows only that one.
 */
export const SHELLS = ["landing", "browse", "profile"] as const;
export type Shell = (typeof SHELLS)[number];

/** The address each shell is rendered at, at build time (the profile's id only feeds its skeleton). */
export const SHELL_PATHS: Record<Shell, string> = { landing: "/", browse: "/browse/mentor/all", profile: "/browse/mentor/profile/_" };

/** The attribute of `<html>` naming the shell shown, and of each pre-rendered block naming its shell. */
export const SHELL_ATTRIBUTE = "data-shell";
export const PRERENDER_ATTRIBUTE = "data-prerender";

/**
 * The shell a path shows before the app runs, by the routes' own shapes (`/`, `/browse/mentor/$search`,
 * `/browse/mentor/profile/$id`). Self-contained: index.html inlines its source.
 */
export function shellOf(pathname: string): Shell | "none" {
  if (pathname === "/") return "landing";
  if (/^\/browse\/mentor\/profile\/[^/]+\/?$/.test(pathname)) return "profile";
  if (/^\/browse\/mentor\/[^/]+\/?$/.test(pathname)) return "browse";
  return "none";
}

/** The pre-rendered block shown on this page, if any (it stays until React's first commit replaces it). */
export function shownShell(): Element | null {
  const shell = document.documentElement.getAttribute(SHELL_ATTRIBUTE);
  return shell ? document.querySelector(`[${PRERENDER_ATTRIBUTE}="${shell}"]`) : null;
}

/**
 * The attribute of the block a signed-in page drawn by the Worker arrives in (src/prerender/draw-signed-in-page.tsx):
 * not a shell, so shown as it is; the app's first render replaces it as it replaces a shell.
 */
export const DRAWN_ATTRIBUTE = "data-drawn";

/** The signed-in page the Worker drew with its data, if this document has one. */
export const drawnPage = (): Element | null => document.querySelector(`#root>[${DRAWN_ATTRIBUTE}]`);

/** The pre-rendered block on screen until the app's first render: a public page's shell, or a signed-in page drawn with its data. */
export function pageBeforeApp(): Element | null {
  return shownShell() ?? drawnPage();
}

/** The block of data a Worker-rendered page carries for the app's first render (src/platform/page-seed.ts). */
export const PAGE_DATA_ID = "page-data";

/**
 * The landing's small script (src/landing-island.ts) asks the page's loader to start the app with this
 * event, and names on `<html>`, under WANTS_ATTRIBUTE, what the visitor reached for (the app then opens it).
 */
export const START_APP_EVENT = "mentorlink:start-app";
export const WANTS_ATTRIBUTE = "data-wants";
