import { Workbox } from "workbox-window";
import { SERVICE_WORKER_PATH } from "../../shared/app-install";

/** How often an open app asks whether a new version was deployed (the browser also asks on each page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw/sw.ts, ADR 0027) once the page has loaded, and calls `offer(reload)`
 * when a new version of the app is waiting. The new version waits, so this tab keeps running the files it
 * loaded; `reload` asks the waiting worker to take over and reloads the tab once it has, a single time.
 * When another tab took the new version first, this tab is offered a plain reload (its files are the old ones).
 */
export function registerServiceWorker(offer: (reload: () => void) => void): void {
  const workbox = new Workbox(SERVICE_WORKER_PATH);
  let registration: ServiceWorkerRegistration | undefined;
  let reloading = false;
  const reloadInto = () => {
    if (reloading) return;
    reloading = true;
    if (!registration?.waiting) return location.reload();
    workbox.addEventListener("controlling", () => location.reload());
    workbox.messageSkipWaiting();
  };
  workbox.addEventListener("waiting", () => offer(reloadInto));
  workbox.addEventListener("controlling", (event) => {
    if (event.isUpdate && !reloading) offer(() => location.reload());
  });
  workbox
    .register()
    .then((registered) => {
      registration = registered;
      if (registered) setInterval(() => void registered.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    // No service worker (a private window, a browser that refuses it): the app still works, online only.
    .catch(() => undefined);
}
