import { SERVICE_WORKER_PATH } from "../shared/app-install";
import { LANGUAGE_SWITCHER_ATTRIBUTE, localeCookie } from "../shared/locale";
import { PAGE_DATA_ID, PRERENDER_ATTRIBUTE, START_APP_EVENT, WANTS_ATTRIBUTE } from "./platform/page-shells";
import { BROWSE_ROUTE, searchSegment } from "./search/browse";
import { TYPED_SELECTOR, taglinesOf } from "./search/landing";
import { LOCAL_TIME_ATTRIBUTE, nextFreeWords } from "./search/next-free-words";
import { runTypewriter } from "./search/typewriter";

/**
 * The landing page for a visitor, before (and mostly without) the app (ADR 0018). The Worker
 * sends the whole page, featured mentors included; its links are plain links to pages that arrive
 * pre-rendered too. This script, a few KB instead of the app's 130, does the rest: types the taglines,
 * opens the phone menu, sends the search box to the browse page. The app starts when the page cannot do
 * without it: the user menu, or featured mentors the Worker could not read (the app loads them, or
 * offers a retry). A signed-in visitor gets the app at once (the page's loader decides).
 */
const page = document.querySelector(`[${PRERENDER_ATTRIBUTE}="landing"]`);

function startApp(wants?: string) {
  if (wants) document.documentElement.setAttribute(WANTS_ATTRIBUTE, wants);
  document.dispatchEvent(new Event(START_APP_EVENT));
}

const X_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>';

function enhance(root: Element) {
  const typed = root.querySelector(TYPED_SELECTOR);
  // The taglines in the page's language, as the page wrote them (ADR 0027).
  const taglines = typed ? taglinesOf(typed) : [];
  if (typed && taglines.length > 0) {
    const stop = runTypewriter(taglines, (text) => {
      // Once the app has replaced the page, this copy stops.
      if (typed.isConnected) typed.textContent = text;
      else stop();
    });
  }

  const menuButton = root.querySelector<HTMLButtonElement>("header button[aria-controls]");
  const panel = menuButton && document.getElementById(menuButton.getAttribute("aria-controls") ?? "");
  if (menuButton && panel) {
    const menuIcon = menuButton.innerHTML;
    menuButton.addEventListener("click", () => {
      const open = panel.hidden;
      panel.hidden = !open;
      menuButton.setAttribute("aria-expanded", String(open));
      // The page's own words for the two states, in its language.
      menuButton.setAttribute("aria-label", (open ? menuButton.dataset.closeLabel : menuButton.dataset.openLabel) ?? "");
      menuButton.innerHTML = open ? X_ICON : menuIcon;
    });
  }

  for (const form of root.querySelectorAll<HTMLFormElement>('form[role="search"]')) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = form.querySelector("input");
      location.assign(BROWSE_ROUTE.public.replace("$search", encodeURIComponent(searchSegment(input?.value ?? ""))));
    });
  }

  root.querySelector("button[data-user-menu]")?.addEventListener("click", () => startApp("user-menu"));

  // The language switcher before the app runs: the choice is kept, and the Worker draws the page again in it.
  for (const select of root.querySelectorAll(`select[${LANGUAGE_SWITCHER_ATTRIBUTE}]`)) {
    if (!(select instanceof HTMLSelectElement)) continue;
    select.addEventListener("change", () => {
      document.cookie = localeCookie(select.value, location.protocol === "https:");
      location.reload();
    });
  }
}

if (!page || !document.getElementById(PAGE_DATA_ID)) startApp();
else {
  enhance(page);
  // The featured mentors' next free times, drawn in the marketplace's zone, in the reader's own.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const time of page.querySelectorAll<HTMLTimeElement>(`time[${LOCAL_TIME_ATTRIBUTE}]`))
    time.textContent = nextFreeWords(time.dateTime, zone, document.documentElement.lang);
}

// Installable and offline: the service worker, once the page has loaded. Only the app offers
// updates (src/install/service-worker.ts); a visitor's landing takes a new version once her tabs of the app are closed.
const registerWorker = () => navigator.serviceWorker?.register(SERVICE_WORKER_PATH).catch(() => undefined);
if (document.readyState === "complete") registerWorker();
else addEventListener("load", registerWorker);
