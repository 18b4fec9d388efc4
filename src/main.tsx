import { I18nProvider, useLingui } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { Fragment, type ReactNode, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { toast } from "@/ui/toast";
import { apiError } from "./platform/api-error";
import type { AppRouter } from "./platform/api-types";
import { LOGIN_SEARCH, roleOfArea } from "./platform/areas";
import { AuthFetchContext } from "./platform/auth-fetch";
import { createAuthFetch, type SessionEvents } from "./platform/auth-link";
import { activateLocale, browserLocale, i18n } from "./platform/i18n";
import { askForPageCookie, dropPageCookie, tellSearches, tellZone } from "./platform/page-cookie";
import { type PageSeed, readPageSeed, seedPage } from "./platform/page-seed";
import { drawnPage, pageBeforeApp } from "./platform/page-shells";
import { ROUTER_OPTIONS } from "./platform/router-options";
import { clearSession, hasRecord, readSession, whenPersonLeaves } from "./platform/session";
import { createApiClient, TRPCProvider } from "./platform/trpc";
import { takeOverPageDrawnAt } from "./platform/worker-drawn-viewer";
import { routeTree } from "./routeTree.gen";
import { forgetSearches, recentSearches } from "./search/search-history";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change on retry; network failures and 5xx get two more tries.
      retry: (failures, error) => {
        const status = apiError(error)?.status;
        return failures < 2 && !(status && status < 500);
      },
    },
  },
});

const sessionEvents: SessionEvents = {
  onBlocked: (role, message) => {
    clearSession(role);
    toast.error(message);
    void router.navigate({ to: "/auth/login", search: LOGIN_SEARCH[role] });
  },
  // A session that can no longer be refreshed sends the user of that area to its sign-in.
  onExpired: (role) => {
    if (roleOfArea(window.location.pathname) === role) void router.navigate({ to: "/auth/login", search: LOGIN_SEARCH[role] });
  },
};
const apiClient = createApiClient(sessionEvents);
const authFetch = createAuthFetch(sessionEvents);

const router = createRouter({
  routeTree,
  // A signed-in page's loader starts its first reads with these (src/platform/route-prefetch.ts).
  context: { reads: { queryClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient }) } },
  ...ROUTER_OPTIONS,
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// A public profile or the landing arrives with the answer it was drawn from (worker/pages/public-pages.routes.ts):
// the first render draws the page the HTML already shows. A signed-in mentee asks again for a profile (her
// answer says whether she subscribes). A signed-in page drawn by the Worker brings its reads, used only
// for the person signed in here in that role.
const seed = readPageSeed();
const seedUsable = seed !== null && usableSeed(seed);
function takeSeed() {
  if (!seed || !seedUsable) return;
  seedPage(queryClient, apiClient, seed);
  // Its relative times are first told from the instant it was drawn at, as the Worker told them (src/platform/use-now.ts).
  if (seed.kind === "signed-in") takeOverPageDrawnAt(seed.drawnAt);
}

function usableSeed(seed: PageSeed): boolean {
  if (seed.kind === "profile") return !hasRecord("mentee");
  if (seed.kind !== "signed-in") return true;
  if (readSession(seed.role)?.id === seed.userId) return true;
  // Drawn for a sign-in this browser no longer holds: not shown, and its cookie goes.
  pageBeforeApp()?.remove();
  dropPageCookie(seed.role);
  return false;
}

// What this browser keeps of one person goes when she signs out or her sign-in ends here, and when anyone else signs
// in (ADR 0030): a mentee's recent searches (and the Worker's cookie of them), her bookings' results in this tab, every
// answer in memory (the next person's screens ask anew), and the public pages kept for offline (which profiles she opened).
whenPersonLeaves((role) => {
  if (role === "mentee") forgetSearches();
  queryClient.removeQueries();
  void import("./platform/forget-person").then((person) => person.forgetPerson());
});

/** What the Worker draws a signed-in page with besides the person's data: the browser's zone and, for a mentee, her recent searches. */
function tellWorker() {
  tellZone();
  tellSearches(recentSearches(readSession("mentee")?.id));
  // A signed-in page the Worker could not draw (no page cookie yet: signed in before it existed) asks for the cookie,
  // so the next one is drawn.
  const area = roleOfArea(location.pathname);
  const areaSession = area ? readSession(area) : null;
  if (areaSession && seed?.kind !== "signed-in") askForPageCookie(areaSession.accessToken);
}

/** A change of language draws every screen anew, dates and numbers included, not only the texts Lingui marks (ADR 0027). */
function RedrawnPerLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
          <AuthFetchContext.Provider value={authFetch}>
            <RedrawnPerLanguage>
              <RouterProvider router={router} />
            </RedrawnPerLanguage>
          </AuthFetchContext.Provider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>
);

const render = () => {
  // A signed-in page drawn by the Worker is taken over where it stands: React attaches to its markup instead
  // of drawing it again, as a transition, so in small tasks that yield to the browser (a tap or a scroll meanwhile is not
  // blocked). Should a part differ from what the browser would draw, React draws that part anew and says so in the console.
  const drawn = drawnPage();
  if (drawn) {
    startTransition(
      () => void hydrateRoot(drawn, app, { onRecoverableError: (error) => console.error("The drawn page was drawn again:", error) }),
    );
    return;
  }
  // The first render is a transition: React renders in slices and yields to the browser between them
  // instead of one long task, so a tap or a scroll on the pre-rendered page is not blocked meanwhile.
  startTransition(() => createRoot(document.getElementById("root")!).render(app));
};

// The landing, browse and profile pages arrive pre-rendered in index.html: the shell stays on
// screen until its route's code is loaded, so React's first frame is the same page (no loading screen
// in between, no shift).
// A reader of another language than English gets the app's first frame in it: its messages come first.
const locale = browserLocale();
const ready = locale === "en" ? Promise.resolve() : activateLocale(locale).catch(() => undefined);
// The seeding of the answers the page was drawn with, then the route's loading (its loaders, the lazy parts it asks
// for), each start in a task of their own, after this module's: on a slow phone they were one long task that kept a tap
// waiting (about 40 ms here, 160 ms at 4x). Timers of one delay run in order, so the seed is in before the loaders ask.
const prepare = () => {
  takeSeed();
  tellWorker();
};
if (pageBeforeApp()) {
  setTimeout(prepare);
  setTimeout(() => void Promise.all([ready, router.load().catch(() => undefined)]).then(render));
} else {
  prepare();
  void ready.then(render);
}

// Installable and offline: the service worker registers once the page has loaded, in a build only
// (`npm run dev` has none), and offers a reload when a new version is ready (src/install/update-prompt.ts).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const startServiceWorker = () =>
    void import("./install/update-prompt").then(
      (prompt) => prompt.startServiceWorker(),
      () => undefined,
    );
  // In a task of its own after the load: not inside the tasks that take over the page on a slow phone.
  const later = () => setTimeout(startServiceWorker);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
}
