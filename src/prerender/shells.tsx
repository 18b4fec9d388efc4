import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { createApiClient, TRPCProvider } from "../lib/trpc";
import { Route as RootRoute } from "../routes/__root";
import { Route as IndexRoute } from "../routes/index";

/**
 * The landing page as a visitor first sees it, rendered to HTML at build time (issue 13): the nav,
 * the hero with the first tagline, the welcome text, the mentor cards' skeletons and the footer. The
 * build writes it into index.html, so the page paints before any JavaScript has run; React then
 * replaces it with the same markup (src/main.tsx waits for the route before its first render).
 */
export async function renderLanding(): Promise<string> {
  const routeTree = RootRoute.addChildren([IndexRoute.update({ id: "/", path: "/", getParentRoute: () => RootRoute } as never)]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }), isServer: true });
  await router.load();
  // Queries never run while rendering to a string: the mentor list renders its skeletons.
  const queryClient = new QueryClient();
  const apiClient = createApiClient({ onBlocked: () => undefined, onExpired: () => undefined });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>,
  );
}
