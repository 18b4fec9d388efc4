import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type AnyRoute, createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import type { TRPCClient } from "@trpc/client";
import { type ReactNode, Suspense } from "react";
import { renderToString } from "react-dom/server";
import type { AppRouter } from "../platform/api-types";
import { AuthFetchContext } from "../platform/auth-fetch";
import type { AuthFetch } from "../platform/auth-link";
import type { RouterContext } from "../platform/route-prefetch";
import { ROUTER_OPTIONS } from "../platform/router-options";
import { createApiClient, TRPCProvider } from "../platform/trpc";
import { drawForViewer, type Viewer } from "../platform/worker-drawn-viewer";

/** What a page's render may put in the query cache first (the Worker's profile answer). */
export type SeedCache = (queryClient: QueryClient, apiClient: TRPCClient<AppRouter>) => void;

/** How one address is drawn: in which language, with which client and cache, and what happens before it is drawn. */
export type RenderOptions = {
  i18n: I18n;
  /** The router's context: a signed-in page's loaders start their reads with it (src/prerender/draw-signed-in-page.tsx). */
  context?: RouterContext;
  queryClient?: QueryClient;
  apiClient?: TRPCClient<AppRouter>;
  seed?: SeedCache;
  /** Runs after the route and its loaders have loaded, before the HTML is drawn (a signed-in page waits for its reads). */
  beforeRender?: (queryClient: QueryClient) => Promise<void>;
  /**
   * Draws the parts of the page that load their code (lazy components) too, instead of leaving them to the browser:
   * a signed-in page is drawn whole. The public pages keep one synchronous render, whose lazy parts come later.
   */
  whole?: boolean;
};

/**
 * Renders one address of a route tree to HTML, with the app's providers (ADR 0018): the same
 * components the browser draws. Queries never run while rendering to a string, so what is not seeded
 * or read before renders its skeleton. Answers the HTML and the id of the route that matched, so a caller can refuse
 * a not-found page in place of the one it meant.
 */
export async function renderRoute(
  routeTree: AnyRoute,
  href: string,
  options: RenderOptions,
): Promise<{ html: string; routeId: string | undefined; drawnAsAsked: boolean }> {
  const queryClient = options.queryClient ?? drawingCache();
  const apiClient = options.apiClient ?? createApiClient({ onBlocked: () => undefined, onExpired: () => undefined });
  const router = createRouter({
    ...ROUTER_OPTIONS,
    routeTree,
    history: createMemoryHistory({ initialEntries: [href] }),
    isServer: true,
    context: options.context ?? {},
    InnerWrap: BrowserBoundary,
  });
  await router.load();
  options.seed?.(queryClient, apiClient);
  await options.beforeRender?.(queryClient);
  const app = (
    <I18nProvider i18n={options.i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
          <AuthFetchContext.Provider value={serverAuthFetch}>
            <RouterProvider router={router} />
          </AuthFetchContext.Provider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
  const html = options.whole ? await drawnWhole(app, options.context?.viewer) : renderToString(app);
  // A page that redirected (a guard, a rewritten address: nothing but the boundaries' markers is drawn) or failed a
  // loader is not the page asked for.
  const drawnAsAsked =
    router.state.location.pathname === new URL(href, "http://page").pathname &&
    router.state.matches.every((match) => match.status === "success") &&
    html.replace(/<!--.*?-->/g, "").trim() !== "";
  return { html, routeId: router.state.matches.at(-1)?.routeId, drawnAsAsked };
}

/** A query cache for drawing one page: what it holds stays as read, and a failed read is not asked again. */
export const drawingCache = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

/**
 * The boundary the browser's router puts around the page (TanStack Router's `Matches`) and a server router leaves out:
 * with it, a signed-in page drawn here has the markup the browser takes it over with.
 */
function BrowserBoundary({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}

/** Drawing a page fetches nothing itself (a download or an upload is a person's action in the browser). */
const serverAuthFetch: AuthFetch = () => Promise.reject(new Error("Nothing is fetched while a page is drawn"));

/**
 * The page's HTML with its lazy parts drawn too. A part whose code is not loaded yet renders its boundary's fallback,
 * marked for the browser to draw (`<!--$!-->`); asking for it also starts loading its code, so the page is drawn again
 * once that has arrived, a few times at most. (React's prerender would wait for them instead, but sends each such part
 * apart from the page with an inline script to move it in place, which the pages' script policy refuses.)
 */
async function drawnWhole(app: ReactNode, viewer: Viewer | undefined): Promise<string> {
  for (let redrawn = 0; ; redrawn++) {
    const html = drawForViewer(viewer, () => renderToString(app));
    if (!html.includes(LEFT_TO_THE_BROWSER) || redrawn === REDRAW_WAITS_MS.length) return html;
    await new Promise((resolve) => setTimeout(resolve, REDRAW_WAITS_MS[redrawn]));
  }
}

const LEFT_TO_THE_BROWSER = "<!--$!-->";
/**
 * How long to wait before each new drawing. The built Worker has its code at hand: three more drawings, each at once (a
 * part that fails to draw there every time costs no more than that). The development server compiles a lazy part on
 * its first request, which took 250-500 ms here: drawn again at once, the part was left to the browser, and React
 * reported it as an error to recover from (the scheduler's calendar and its offer to turn push on, after a fresh start).
 */
const REDRAW_WAITS_MS = import.meta.env.DEV ? [0, 0, 10, 40, 100, 250, 500] : [0, 0, 0];
