import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { Toaster } from "@/ui/toaster";
import type { RouterContext } from "@/platform/route-prefetch";

export const Route = createRootRouteWithContext<RouterContext>()({
  // The browser's router wraps its root in a boundary; the Worker's (a server router) would not, so a signed-in page it
  // drew would not match the tree the browser takes it over with. Asked for, both have it.
  wrapInSuspense: true,
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
});
