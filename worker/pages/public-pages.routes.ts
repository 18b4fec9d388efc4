import { type Context, Hono } from "hono";
import { type Locale, requestLocale } from "../../shared/locale";
import {
  LANDING_SEARCH,
  mentorSearchOf,
  PRERENDER_ATTRIBUTE,
  type PublicSeed,
  pageDataScript,
  renderPublicPage,
  type Shell,
  validateBrowseFilters,
} from "../../src/prerender/worker-entry";
import type { AppEnv } from "../platform/app-env";
import { createContext } from "../trpc/context";
import { createCaller } from "../trpc/router";
import { appPage, filledPage } from "./app-page";

/**
 * The landing, the browse page and a mentor's public profile with their data in the HTML (ADR 0018): the
 * built index.html with the page's shell filled by the Worker, from the answer `mentors.search` and
 * `mentors.profile` give a visitor (called as the REST adapter calls them), and that answer as JSON for
 * the app's first render. An unknown
 * or unavailable mentor, or a database that cannot answer now, gets the plain shell: the app then shows
 * what it shows without it (the mentor's unavailable page, the list's skeletons, or a retry).
 */
export const publicPageRoutes = new Hono<AppEnv>();

type Caller = ReturnType<typeof createCaller>;

publicPageRoutes.get("/", (c) =>
  servePage(c, "landing", async (caller) => ({
    kind: "search",
    href: "/",
    input: LANDING_SEARCH,
    answer: await caller.mentors.search(LANDING_SEARCH),
  })),
);

// One pattern for browse (`/browse/mentor/<search>`) and a profile (`/browse/mentor/profile/<id>`): a parameter beside
// the fixed word `profile` would send Hono from its regular-expression router to its slower trie for every route
// (tests/integration/router-shape.test.ts).
publicPageRoutes.get("/browse/mentor/:segment/:id?", (c, next) => {
  const [segment, mentorId] = [c.req.param("segment"), c.req.param("id")];
  if (mentorId === undefined) {
    // The browse page with its results: the app's first render then draws the same cards, in slices, instead
    // of a skeleton that the search's answer replaces in one long task when it arrives (most of browse's blocking time).
    const url = new URL(c.req.url);
    const input = mentorSearchOf(segment, validateBrowseFilters(c.req.query()));
    return servePage(c, "browse", async (caller) => ({
      kind: "search",
      href: `${url.pathname}${url.search}`,
      input,
      answer: await caller.mentors.search(input),
    }));
  }
  if (segment !== "profile") return next();
  return servePage(c, "profile", async (caller) => ({ kind: "profile", mentorId, answer: await caller.mentors.profile({ mentorId }) }));
});

async function servePage(c: Context<AppEnv>, shell: Shell, read: (caller: Caller) => Promise<PublicSeed>): Promise<Response> {
  // The built page and the page's data are read at the same time, in the reader's language (ADR 0027).
  const locale = requestLocale(c.req.raw.headers);
  const [page, filled] = await Promise.all([appPage(c.env, c.req.url, locale), renderedPage(c, read, locale)]);
  if (filled === null) return page;
  const rewritten = new HTMLRewriter()
    .on(`[${PRERENDER_ATTRIBUTE}="${shell}"]`, {
      element(el) {
        el.setInnerContent(filled.html, { html: true });
      },
    })
    // The data stays outside #root, whose content React replaces.
    .on("body", {
      element(el) {
        el.append(filled.data, { html: true });
      },
    })
    .transform(page);
  // Changing with the catalogue: revalidated on every visit.
  return filledPage(rewritten, "no-cache");
}

/** The rendered page and its data block, or null when the data cannot be read now. */
async function renderedPage(
  c: Context<AppEnv>,
  read: (caller: Caller) => Promise<PublicSeed>,
  locale: Locale,
): Promise<{ html: string; data: string } | null> {
  try {
    // Asked as a visitor: the page is the same for everyone, whatever headers the request carries.
    const caller = createCaller(await createContext(new Request(c.req.url), c.env, c.executionCtx as ExecutionContext, c.get("requestId")));
    const seed = await read(caller);
    return { html: await renderPublicPage(seed, locale), data: pageDataScript(seed) };
  } catch {
    return null;
  }
}
