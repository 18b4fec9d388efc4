import type { Locale } from "../../shared/locale";
import { type PublicSeed, seedPage } from "../platform/page-seed";
import { i18nFor } from "./catalogs";
import { publicRouteTree } from "./public-routes";
import { renderRoute } from "./render-route";

/**
 * The public pages the Worker draws with their data (ADR 0018): the real page components (the
 * same as the browser's) with the answer already in the query cache, so the HTML carries a mentor's
 * name, About text, skills and plan, the landing's featured mentors or a browse page's results, and the app's first render in
 * the browser (seeded with the same answer) draws the same page.
 */
export async function renderPublicPage(seed: PublicSeed, locale: Locale): Promise<string> {
  const href = seed.kind === "profile" ? `/browse/mentor/profile/${encodeURIComponent(seed.mentorId)}` : seed.href;
  const { html, drawnAsAsked } = await renderRoute(publicRouteTree, href, {
    i18n: i18nFor(locale),
    seed: (queryClient, apiClient) => seedPage(queryClient, apiClient, seed),
  });
  // An address the app would first rewrite (a browse link from before the price ranges, `?price=b`) renders nothing
  // here: the Worker then sends the plain shell, and the app draws the page where it lands.
  if (!drawnAsAsked) throw new Error(`Nothing was rendered at ${href}`);
  return html;
}
