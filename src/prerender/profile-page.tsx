import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { createApiClient, TRPCProvider } from "../lib/trpc";
import { seedProfile, type ProfileAnswer } from "../lib/profile-seed";
import { Route as RootRoute } from "../routes/__root";
import { Route as ProfileRoute } from "../routes/browse/mentor/profile/$id";

const PATH = "/browse/mentor/profile/$id";
const routeTree = RootRoute.addChildren([ProfileRoute.update({ id: PATH, path: PATH, getParentRoute: () => RootRoute } as never)]);

/**
 * A mentor's public profile page as a visitor sees it, rendered on the Worker with its data (issue 13):
 * the real page components (the same as the browser's), with the answer already in the query cache,
 * so the HTML carries the mentor's name, About text, skills and plan, and React's first render in the
 * browser (seeded with the same answer) draws the same page.
 */
export async function renderProfilePage(mentorId: string, answer: ProfileAnswer): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [`/browse/mentor/profile/${encodeURIComponent(mentorId)}`] }), isServer: true });
  await router.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const apiClient = createApiClient({ onBlocked: () => undefined, onExpired: () => undefined });
  seedProfile(queryClient, apiClient, mentorId, answer);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>,
  );
}
