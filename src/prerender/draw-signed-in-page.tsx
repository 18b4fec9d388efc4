import type { QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { Locale } from "../../shared/locale";
import type { Role } from "../../shared/role";
import type { AppRouter } from "../platform/api-types";
import { i18n } from "../platform/i18n";
import { loadCatalogFile } from "../platform/i18n/catalogs";
import { pageDataScript } from "../platform/page-seed";
import type { Viewer } from "../platform/worker-drawn-viewer";
import { routeTree } from "../routeTree.gen";
import { drawingCache, renderRoute } from "./render-route";

/**
 * A signed-in page drawn by the Worker with the person's data (ADR 0028): the app's own routes and
 * components, with the reads each page's loader starts (src/platform/route-prefetch.ts) answered first by `client`, which
 * calls the procedures in the Worker as this person. The HTML carries the page and the answers, so the app's
 * first render in the browser draws the same page without asking again (src/platform/page-seed.ts).
 *
 * Throws when the page cannot be drawn as asked (a guard or a rewritten address redirected, a loader failed, a read
 * was refused or failed): the Worker then sends the plain app page, and the browser draws what it draws without one.
 */
export async function renderSignedInPage(page: {
  href: string;
  locale: Locale;
  role: Role;
  userId: string;
  viewer: Viewer;
  client: TRPCClient<AppRouter>;
}): Promise<{ html: string; data: string }> {
  const queryClient = drawingCache();
  // The app's one i18n, as in the browser: the texts its components take from it directly (outside React) are in the
  // reader's language too. Its catalogs for the page are loaded first; it speaks her language while the page is drawn
  // (src/platform/worker-drawn-viewer.ts).
  const names = ["common", "accounts", "signed-in", page.role] as const;
  for (const messages of await Promise.all(names.map((name) => loadCatalogFile(page.locale, name)))) i18n.load(page.locale, messages);
  const reads = { queryClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: page.client, queryClient }) };
  const viewer = { ...page.viewer, drawnAt: Date.now() };
  const { html, drawnAsAsked } = await renderRoute(routeTree, page.href, {
    i18n,
    context: { reads, signedIn: page.role, viewer },
    queryClient,
    apiClient: page.client,
    beforeRender: settled,
    whole: true,
  });
  if (!drawnAsAsked) throw new Error(`${page.href} was not drawn as asked`);
  const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === "error" });
  if (failed.length > 0) throw new Error(`${page.href}: ${failed.length} of its reads failed`, { cause: failed[0].state.error });
  const answers = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === "success" })
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data, readAt: query.state.dataUpdatedAt }));
  return { html, data: pageDataScript({ kind: "signed-in", role: page.role, userId: page.userId, answers, drawnAt: viewer.drawnAt }) };
}

/** Resolves once no read of the page is under way (its loaders started them without waiting). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}
