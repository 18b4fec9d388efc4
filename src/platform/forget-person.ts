import { PAGES_CACHE } from "../../shared/app-install";
import { forgetStandings } from "../scheduling/booking/standing-store";

/**
 * What a person leaves in this browser besides her record and her searches, forgotten when she leaves (ADR 0030):
 * her bookings' results in this tab and the public pages kept for offline (which profiles she opened). Loaded only
 * when someone leaves, so the public pages' first load carries none of it.
 */
export function forgetPerson(): void {
  forgetStandings();
  if (typeof caches !== "undefined") void caches.delete(PAGES_CACHE).catch(() => undefined);
}
