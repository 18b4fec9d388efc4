import { msg } from "@lingui/core/macro";
import type { Locale } from "../../shared/locale";
import { SHELL_PATHS, SHELLS, type Shell } from "../platform/page-shells";
import { i18nFor } from "./catalogs";
import { PUBLIC_ROUTES, publicRouteTree } from "./public-routes";
import { renderRoute } from "./render-route";

/**
 * The public pages as a visitor first sees them, rendered to HTML at build time (ADR 0018):
 * the landing's nav, hero with the first tagline, welcome text, the mentor cards' skeletons and the
 * footer; the browse and profile pages' nav, controls and skeletons. The build writes them into
 * index.html, so each page paints before any JavaScript has run; React then replaces the shell with
 * the same markup (src/main.tsx waits for the route's code before its first render).
 */
export async function renderShells(locale: Locale): Promise<Record<Shell, string>> {
  const shells = {} as Record<Shell, string>;
  for (const shell of SHELLS) {
    const { html, routeId } = await renderRoute(publicRouteTree, SHELL_PATHS[shell], { i18n: i18nFor(locale) });
    // A route that did not match renders the not-found page instead: fail the build, not the visitor.
    if (routeId !== PUBLIC_ROUTES[shell].path) throw new Error(`The ${shell} shell matched no page at ${SHELL_PATHS[shell]}`);
    shells[shell] = html;
  }
  return shells;
}

/** The page's title and description in a language (the build writes them into each language's index.html). */
export function pageHead(locale: Locale): { title: string; description: string } {
  const i18n = i18nFor(locale);
  return {
    title: i18n._(msg`MentorLink — one-to-one mentorship`),
    description: i18n._(msg`Find highly vetted mentors and industry professionals for one-to-one mentorship.`),
  };
}
