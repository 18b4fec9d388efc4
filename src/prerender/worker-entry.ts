/**
 * The one door from the Worker into SPA code (ADR 0022): what the Worker needs to draw the
 * public pages (worker/pages/public-pages.routes.ts) with the same components the browser runs.
 */

export { roleOfArea } from "../platform/areas";
export { SEARCHES_COOKIE, ZONE_COOKIE } from "../platform/page-cookie";
export { type PublicSeed, pageDataScript } from "../platform/page-seed";
export { DRAWN_ATTRIBUTE, PRERENDER_ATTRIBUTE, type Shell } from "../platform/page-shells";
export type { Viewer } from "../platform/worker-drawn-viewer";
export { mentorSearchOf, validateBrowseFilters } from "../search/browse";
export { LANDING_SEARCH } from "../search/landing";
export { validSearches } from "../search/search-history";
export { renderSignedInPage } from "./draw-signed-in-page";
export { renderPublicPage } from "./public-pages";
