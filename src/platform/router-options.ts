import { parseSearch, stringifySearch } from "../search/search-params";
import { ErrorScreen } from "../ui/error-screen";
import { LoadingScreen } from "../ui/loading-screen";
import { NotFound } from "../ui/not-found";

/**
 * The router's options the browser (src/main.tsx) and the Worker's drawing of a page (src/prerender/render-route.tsx)
 * share: the same screens for a failure, a wait and an unknown address, and the same search parameters. The boundary
 * a loading screen puts around each route is part of the page's markup, so a page the Worker drew is the one the
 * browser takes over.
 */
export const ROUTER_OPTIONS = {
  parseSearch,
  stringifySearch,
  defaultErrorComponent: ErrorScreen,
  defaultPendingComponent: LoadingScreen,
  defaultNotFoundComponent: NotFound,
};
