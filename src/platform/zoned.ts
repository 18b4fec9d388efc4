import { formatDate, formatTime, preferredZone, zoneOr } from "../../shared/zoned-time";
import { viewerZone } from "./viewer-zone";

export {
  dayKey,
  formatDate,
  formatTime,
  preferredZone,
  SESSION_MS,
  slotTimeLabels,
  zonedInstant,
  zoneLabel,
} from "../../shared/zoned-time";

/** The viewer's IANA zone by today's name (the default until the account has one); see ./viewer-zone.ts. */
export const browserZone = () => preferredZone(zoneOr(viewerZone()));

/** "March 9th 2026 · 9:30 pm" in the zone. */
export const dateTime = (instant: string | Date, zone: string) => `${formatDate(instant, zone)} · ${formatTime(instant, zone)}`;

/** Every zone the browser knows, by today's names, sorted (for the profile's time zone picker). */
export function allZones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone");
  const list = supported && supported.length > 0 ? supported : ["UTC", "Asia/Kolkata", "America/New_York", "Europe/London"];
  return [...new Set(list.map(preferredZone))].sort();
}
