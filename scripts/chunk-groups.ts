/**
 * How the client build groups modules into files (ADR 0018). Left alone, the bundler cuts the
 * public pages into twenty to thirty small files: each costs a request on a slow network, and gzip
 * compresses each alone. These groups put together what loads together; bench/bundle-size.ts weighs
 * the result, and tests/integration/page-weight.test.ts holds it.
 *
 * - "landing-shared": the few modules the landing's small script (src/landing-island.ts) shares with the
 *   app (shared/locale.ts's cookie and switcher names among them, ADR 0027). Kept apart from "boot", or
 *   the landing would load the framework with them.
 * - "landing-tagline": the landing's typed taglines, which its small script and the app's landing route share. Kept apart
 *   from "landing-shared", which every page of the app loads, so browse and the profile do not carry them.
 * - "boot": what every public page starts with, the framework packages, the public chrome and the
 *   mentor cards, with everything they import.
 * - "mentor-profile": a mentor's profile page and the few small modules and icons only it uses.
 * - "area-shared": the icons and the chat button the profile shares with the signed-in areas. Kept apart
 *   from "mentor-profile" so a signed-in page does not load the whole profile view for them (3.4 KB).
 * - "zoned-time": the one date API (ADR 0034) and the modules behind it, one file for the signed-in screens that
 *   show a date, instead of four that every route's preload list would name.
 */
export const CHUNK_GROUPS = [
  {
    name: "landing-shared",
    priority: 2,
    includeDependenciesRecursively: false,
    test: /src[\\/](search[\\/](browse|next-free-words)|layout[\\/]brand|platform[\\/]page-shells)\.ts$|shared[\\/](validation[\\/]search-filters|app-install|locale)\.ts$/,
  },
  {
    name: "landing-tagline",
    priority: 2,
    includeDependenciesRecursively: false,
    test: /src[\\/]search[\\/](typewriter|landing)\.ts$/,
  },
  {
    name: "boot",
    priority: 1,
    test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|@trpc)[\\/]|src[\\/](ui[\\/](button|button-variants|card|input|skeleton|avatar|load-error|class-names)|layout[\\/](public-nav|site-footer|brand-logo)|search[\\/](mentor-search-box|mentor-card|mentor-list)|profiles[\\/]skill-list|reviews[\\/](rating-summary|star-rating))\.tsx?$/,
  },
  {
    name: "mentor-profile",
    priority: 0,
    includeDependenciesRecursively: false,
    test: /src[\\/](profiles[\\/](mentor-profile-view|mentor-responsiveness|mentor-unavailable)\.tsx|payments[\\/]mentor-plan-panel\.tsx|reviews[\\/]mentor-reviews\.tsx|ui[\\/]coming-soon-button\.tsx|platform[\\/]money\.ts)$|shared[\\/](plan|last-active)\.ts$|lucide-react[\\/].*[\\/](briefcase|globe|map-pin|user-x)\.js$/,
  },
  {
    name: "area-shared",
    priority: 0,
    includeDependenciesRecursively: false,
    test: /src[\\/]chat[\\/](start-chat-button|inbox-paths)\.tsx?$|lucide-react[\\/].*[\\/](calendar-days|check|message-circle|users)\.js$/,
  },
  {
    name: "zoned-time",
    priority: 0,
    includeDependenciesRecursively: false,
    test: /shared[\\/](zoned-time|date-patterns|wall-clock|calendar-days)\.ts$/,
  },
];
