import { Outlet, createRootRoute } from "@tanstack/react-router";
import { Toaster } from "@/components/toaster";

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
});
