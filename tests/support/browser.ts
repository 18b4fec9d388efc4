import { mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

/**
 * Browser helpers for the e2e project: one Chromium per test file, a fresh context and page per
 * test (baseURL = the Worker under test), a screenshot in tests/.artifacts/ when a test fails.
 */

import { type Role, type SeededSession, STORAGE_KEY, sessionRecord } from "./session-record";

export { type Role, type SeededSession, STORAGE_KEY, sessionRecord };
/** Each role's home (src/platform/areas.ts). */
export const AREA_HOME: Record<Role, string> = { mentee: "/mentees", mentor: "/mentors", moderator: "/moderator" };
/** The bare query key preselecting a role on /auth/login (SPEC §2, `modarators` spelled so). */
export const LOGIN_QUERY: Record<Role, string> = { mentee: "mentees", mentor: "mentors", moderator: "modarators" };
/** The sign-in page's account-type tabs. */
export const LOGIN_TAB: Record<Role, string> = { mentee: "Mentees", mentor: "Mentors", moderator: "Moderator" };

const ARTIFACTS_DIR = fileURLToPath(new URL("../.artifacts/", import.meta.url));

export type BrowserFixture = {
  /** The running browser (one per file). */
  readonly browser: Browser;
  /** This test's context (fresh per test). */
  readonly context: BrowserContext;
  /** This test's first page. */
  readonly page: Page;
  /** Another page in this test's context (same local storage). */
  newPage(): Promise<Page>;
  /** A second, isolated context for this test (closed with the test). */
  newContext(options?: Parameters<Browser["newContext"]>[0]): Promise<BrowserContext>;
};

type ContextOptions = Parameters<Browser["newContext"]>[0];

const fileSafe = (name: string) => name.replace(/[^a-z0-9-_]+/gi, "_").slice(0, 120);

/** One Chromium for the file: launched before its tests, closed after them; `keep` receives it (undefined once closed). */
function launchPerFile(extraArgs: string[], keep: (browser: Browser | undefined) => void): void {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
    keep(launched);
  });
  afterAll(async () => {
    await launched?.close();
    keep(undefined);
  });
}

/** A full-page screenshot of every page of the contexts, in tests/.artifacts/, named for the failed test. */
async function screenshotFailure(file: string | undefined, test: string, contexts: (BrowserContext | undefined)[]): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const pages = contexts.flatMap((c) => c?.pages() ?? []);
  await Promise.all(
    pages.map((p, i) =>
      p
        .screenshot({ path: join(ARTIFACTS_DIR, `${fileSafe(file ?? "e2e")}--${fileSafe(test)}${i ? `-${i}` : ""}.png`), fullPage: true })
        .catch(() => undefined),
    ),
  );
}

/**
 * The browser alone, for a file whose tests run at the same time (`it.concurrent`): a fixture kept per
 * test cannot be shared by tests running at once, so each test opens its own context with `withContext`,
 * which closes it when the test's function ends (with a screenshot when it failed).
 */
export function useConcurrentBrowser(contextOptions: ContextOptions = {}, extraArgs: string[] = []) {
  let browser: Browser | undefined;
  launchPerFile(extraArgs, (launched) => (browser = launched));
  return {
    async withContext<T>(test: string, options: ContextOptions, run: (context: BrowserContext, page: Page) => Promise<T>): Promise<T> {
      if (!browser) throw new Error("browser is only available inside a test");
      const context = await browser.newContext({ baseURL: inject("baseUrl"), serviceWorkers: "block", ...contextOptions, ...options });
      try {
        return await run(context, await context.newPage());
      } catch (error) {
        await screenshotFailure(basename(expect.getState().testPath ?? "e2e"), test, [context]);
        throw error;
      } finally {
        await context.close().catch(() => undefined);
      }
    },
  };
}

/**
 * Registers the hooks of a browser-driven test file and returns live accessors. Call once at the
 * top level of the file (or of a describe block).
 *
 * Service workers are blocked unless a file allows them (`serviceWorkers: "allow"`, as the offline test
 * and the sweep of every screen do): the app registers one after each page's load (ADR 0027), and a page
 * it controls is answered by it, which `page.route` interceptions never see; each fresh context would
 * also download its precache.
 */
export function useBrowser(contextOptions: ContextOptions = {}, extraArgs: string[] = []): BrowserFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let extra: BrowserContext[] = [];

  const must = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is only available inside a test`);
    return value;
  };
  const makeContext = (options: ContextOptions = {}) =>
    must(browser, "browser").newContext({ baseURL: inject("baseUrl"), serviceWorkers: "block", ...contextOptions, ...options });

  launchPerFile(extraArgs, (launched) => (browser = launched));

  beforeEach(async () => {
    context = await makeContext();
    page = await context.newPage();
  });

  afterEach(async ({ task }) => {
    try {
      if (task.result?.state === "fail") await screenshotFailure(task.file?.name, task.name, [context, ...extra]);
    } finally {
      await Promise.all([context, ...extra].map((c) => c?.close().catch(() => undefined)));
      context = undefined;
      page = undefined;
      extra = [];
    }
  });

  return {
    get browser() {
      return must(browser, "browser");
    },
    get context() {
      return must(context, "context");
    },
    get page() {
      return must(page, "page");
    },
    newPage: () => must(context, "context").newPage(),
    newContext: async (options) => {
      const c = await makeContext(options);
      extra.push(c);
      return c;
    },
  };
}

/** The path and query of the page's current URL, e.g. `/auth/login?mentees`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page is exactly on `pathAndQuery` (path plus raw query string). */
export async function waitForPath(page: Page, pathAndQuery: string, timeout = 10_000): Promise<void> {
  const [path, query = ""] = pathAndQuery.split("?");
  await page.waitForURL((url) => url.pathname === path && url.search === (query ? `?${query}` : ""), { timeout });
}

/** Fills and submits the sign-in form of the selected account-type tab on the current /auth/login page. */
export async function submitSignIn(page: Page, role: Role, email: string, password = DEMO_PASSWORD): Promise<void> {
  const panel = page.getByRole("tabpanel", { name: LOGIN_TAB[role] });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Whether a sign-in tab is the selected one (its aria-selected). */
export async function isTabSelected(page: Page, role: Role): Promise<boolean> {
  return (await page.getByRole("tab", { name: LOGIN_TAB[role], exact: true }).getAttribute("aria-selected")) === "true";
}

/** Signs in through the sign-in page (tab preselected by the page's query), ending in the role's area. */
export async function signInThroughUi(page: Page, role: Role, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/auth/login?${LOGIN_QUERY[role]}`);
  await expect.poll(() => isTabSelected(page, role)).toBe(true);
  await submitSignIn(page, role, email, password);
  await waitForPath(page, AREA_HOME[role]);
}

/**
 * Writes a role's session record into the context's local storage without running the app: the
 * page visits a blank same-origin document served by an interception, sets the key, and leaves.
 */
export async function seedSession(page: Page, role: Role, session: SeededSession): Promise<void> {
  const seedUrl = new URL("/__e2e-seed", inject("baseUrl")).href;
  await page.route(seedUrl, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>seed</title>" }),
  );
  try {
    await page.goto(seedUrl);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEY[role],
      JSON.stringify(sessionRecord(role, session)),
    ] as const);
  } finally {
    await page.unroute(seedUrl);
  }
}

/** The parsed session record of a role in the page's local storage (null when absent). */
export async function readStoredSession(page: Page, role: Role): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY[role]);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

/**
 * The error text announced for a labelled form control: the role="alert" elements its
 * aria-describedby points at (the hint, if any, is left out). Empty when the field has no error.
 */
export async function fieldError(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((control) =>
    (control.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((el): el is HTMLElement => el?.getAttribute("role") === "alert")
      .map((el) => el.textContent?.trim() ?? "")
      .join(" | "),
  );
}

/**
 * Resolves when `popup` closes itself (the local Google's popup, once it has handed the sign-in back). Call it before
 * the click that leads there: on a quick path the popup closes before a wait started after the click would listen.
 */
export function closing(popup: Page, timeout = 20_000): Promise<void> {
  return popup.isClosed() ? Promise.resolve() : popup.waitForEvent("close", { timeout }).then(() => undefined);
}

/** Toasts (sonner) whose text contains `text`. */
export function toasts(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

// --- account journeys helpers ---

/** An HS256 access token for `userId` that expired a minute ago (claims of worker/accounts/tokens.ts). */
export async function expiredAccessToken(role: Role, userId: string, refreshToken: string): Promise<string> {
  const { signAccessToken, ACCESS_TOKEN_TTL_SECONDS } = await import("../../worker/accounts/tokens");
  const sid = refreshToken.split(".")[0];
  return signAccessToken(inject("jwtSecret"), { sub: userId, role, sid }, Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
}

/**
 * Resolves once the page's realtime room answers `setup` with `connected` (its socket is open and
 * registered). Call before the navigation that opens the room.
 */
export function realtimeConnected(page: Page, timeout = 15_000): Promise<void> {
  const connected = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the realtime room never answered `connected`")), timeout);
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/parties/user-room/")) return;
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"event":"connected"')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
  connected.catch(() => undefined); // a test that failed before awaiting it must not also report an unhandled rejection
  return connected;
}

/** Paths of the tRPC calls the page makes (e.g. `auth.refresh`, `mentees.profile`), in order; batching is off. */
export function recordTrpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/trpc/")) calls.push(decodeURIComponent(pathname.slice("/trpc/".length)));
  });
  return calls;
}

/** How many controls (buttons or links) a page shows with exactly this name: an action may be either. */
export function actionCount(page: Page, name: string): Promise<number> {
  return page
    .getByRole("button", { name, exact: true })
    .or(page.getByRole("link", { name, exact: true }))
    .count();
}

/** Records every layout shift from the first paint on (not caused by input); the answer sums them (CLS of the page so far). */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async () => (await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).reduce((sum, v) => sum + v, 0);
}
