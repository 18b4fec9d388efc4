/**
 * The one door from the Worker into SPA code (ADR 0022): what the Worker needs to draw the
 * public pages (worker/pages/public-pages.routes.ts) with the same components the browser runs.
 */
export { LANDING_SEARCH } from "../search/landing";
export { mentorSearchOf, validateBrowseFilters } from "../search/browse";
export { PRERENDER_ATTRIBUTE, type Shell } from "../platform/page-shells";
export { pageDataScript, type PublicSeed } from "../platform/page-seed";
export { renderPublicPage } from "./public-pages";
export { roleOfArea } from "../platform/areas";
export { renderSignedInPage } from "./draw-signed-in-page";
export { DRAWN_ATTRIBUTE } from "../platform/page-shells";
export { SEARCHES_COOKIE, ZONE_COOKIE } from "../platform/page-cookie";
export { validSearches } from "../search/search-history";
export type { Viewer } from "../platform/worker-drawn-viewer";
