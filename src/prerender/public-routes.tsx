import type { AnyRoute } from "@tanstack/react-router";
import { SHELLS, type Shell } from "../platform/page-shells";
import { Route as RootRoute } from "../routes/__root";
import { Route as BrowseRoute } from "../routes/browse/mentor/$search";
import { Route as ProfileRoute } from "../routes/browse/mentor/profile/$id";
import { Route as IndexRoute } from "../routes/index";

/** The route files of the public pages, by shell, with the path each is mounted on. */
export const PUBLIC_ROUTES: Record<Shell, { route: AnyRoute; path: string }> = {
  landing: { route: IndexRoute, path: "/" },
  browse: { route: BrowseRoute, path: "/browse/mentor/$search" },
  profile: { route: ProfileRoute, path: "/browse/mentor/profile/$id" },
};

/**
 * The public pages alone under the app's root, as the build (src/prerender/shells.tsx) and the Worker
 * (src/prerender/public-pages.tsx) render them (ADR 0018). A route tree is its root route, and TanStack's
 * `addChildren` sets that one object's children: where the whole tree (routeTree.gen.ts) is loaded too, as in the
 * Worker, it already holds these routes under the same root, and replacing its children with these three would leave
 * every signed-in page unmatched, whichever module ran first.
 */
export const publicRouteTree = RootRoute.children
  ? RootRoute
  : RootRoute.addChildren(
      SHELLS.map((shell) =>
        PUBLIC_ROUTES[shell].route.update({
          id: PUBLIC_ROUTES[shell].path,
          path: PUBLIC_ROUTES[shell].path,
          getParentRoute: () => RootRoute,
        } as never),
      ),
    );
