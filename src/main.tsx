import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { I18nProvider, useLingui } from "@lingui/react";
import { Fragment, StrictMode, startTransition, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { toast } from "@/lib/toast";
import { ErrorScreen } from "./components/error-screen";
import { LoadingScreen } from "./components/loading-screen";
import { NotFound } from "./components/not-found";
import { apiError } from "./lib/api-error";
import { activateLocale, browserLocale, i18n } from "./lib/i18n";
import { AuthFetchContext } from "./lib/auth-fetch";
import { createAuthFetch, type SessionEvents } from "./lib/auth-link";
import { LOGIN_SEARCH, roleOfArea } from "./lib/areas";
import { shownShell } from "./lib/page-shells";
import { readPageSeed, seedPage } from "./lib/page-seed";
import { parseSearch, stringifySearch } from "./lib/search-params";
import { clearSession, hasRecord } from "./lib/session";
import { TRPCProvider, createApiClient } from "./lib/trpc";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../worker/trpc/router";
import { routeTree } from "./routeTree.gen";
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
  // A signed-in page's loader starts its first reads with these (src/lib/first-reads.ts, issue 28).
  context: { reads: { queryClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient }) } },
  parseSearch,
  stringifySearch,
  defaultErrorComponent: ErrorScreen,
  defaultPendingComponent: LoadingScreen,
  defaultNotFoundComponent: NotFound,
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// A public profile or the landing arrives with the answer it was drawn from (worker/routes/public-pages.ts):
// the first render draws the page the HTML already shows. A signed-in mentee asks again for a profile (her
// answer says whether she subscribes).
const seed = readPageSeed();
if (seed && !(seed.kind === "profile" && hasRecord("mentee"))) seedPage(queryClient, apiClient, seed);

/** A change of language draws every screen anew, dates and numbers included, not only the texts Lingui marks (issue 27). */
function RedrawnPerLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}

const root = createRoot(document.getElementById("root")!);
// The first render is a transition: React renders in slices and yields to the browser between them
// instead of one long task, so a tap or a scroll on the pre-rendered page is not blocked meanwhile.
const render = () =>
  startTransition(() =>
    root.render(
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
      </StrictMode>,
    ),
  );

// The landing, browse and profile pages arrive pre-rendered in index.html (issue 13): the shell stays on
// screen until its route's code is loaded, so React's first frame is the same page (no loading screen
// in between, no shift).
// A reader of another language than English gets the app's first frame in it: its messages come first (issue 27).
const locale = browserLocale();
const ready = locale === "en" ? Promise.resolve() : activateLocale(locale).catch(() => undefined);
if (shownShell()) void Promise.all([ready, router.load().catch(() => undefined)]).then(render);
else void ready.then(render);

// Installable and offline (issue 27): the service worker registers once the page has loaded, in a build only
// (`npm run dev` has none), and offers a reload when a new version is ready (src/components/update-prompt.ts).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const startServiceWorker = () =>
    void import("./components/update-prompt").then(
      (prompt) => prompt.startServiceWorker(),
      () => undefined,
    );
  if (document.readyState === "complete") startServiceWorker();
  else addEventListener("load", startServiceWorker, { once: true });
}
