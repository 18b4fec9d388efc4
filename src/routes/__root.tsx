import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { RouterContext } from "@/platform/route-prefetch";
import { Toaster } from "@/ui/toaster";

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
