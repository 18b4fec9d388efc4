import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider, type AnyRoute } from "@tanstack/react-router";
import type { TRPCClient } from "@trpc/client";
import { renderToString } from "react-dom/server";
import type { AppRouter } from "../../worker/trpc/router";
import { createApiClient, TRPCProvider } from "../lib/trpc";
import type { Locale } from "../../shared/locale";
import { i18nFor } from "./catalogs";

/** What a page's render may put in the query cache first (the Worker's profile answer). */
export type SeedCache = (queryClient: QueryClient, apiClient: TRPCClient<AppRouter>) => void;

/**
 * Renders one address of a route tree to HTML, in `locale`, with the app's providers (issue 13, ADR 0018): the same
 * components the browser draws. Queries never run while rendering to a string, so what is not seeded
 * renders its skeleton. Answers the HTML and the id of the route that matched, so a caller can refuse
 * a not-found page in place of the one it meant.
 */
export async function renderRoute(routeTree: AnyRoute, href: string, locale: Locale, seed?: SeedCache): Promise<{ html: string; routeId: string | undefined }> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [href] }), isServer: true, context: {} });
  await router.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const apiClient = createApiClient({ onBlocked: () => undefined, onExpired: () => undefined });
  seed?.(queryClient, apiClient);
  const html = renderToString(
    <I18nProvider i18n={i18nFor(locale)}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { html, routeId: router.state.matches.at(-1)?.routeId };
}
