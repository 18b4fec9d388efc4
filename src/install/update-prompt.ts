import { registerServiceWorker } from "@/install/service-worker";
import { toast } from "@/ui/toast";

/** One prompt at a time: a second offer replaces the first. */
const UPDATE_TOAST = "app-update";

/**
 * Starts the service worker (ADR 0027) with its update prompt: when a new version of the app is ready, a
 * small toast says so and offers "Reload"; it stays until used or dismissed and blocks nothing.
 */
export function startServiceWorker(): void {
  registerServiceWorker((reload) => {
    toast("A new version of MentorLink is available.", {
      id: UPDATE_TOAST,
      duration: Infinity,
      action: { label: "Reload", onClick: reload },
    });
  });
}
