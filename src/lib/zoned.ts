import { formatDate, formatTime, zoneOr } from "../../shared/zoned-time";

export { formatDate, formatTime, zonedInstant, dayKey, SESSION_MS, slotTimeLabels, zoneLabel } from "../../shared/zoned-time";

/** The browser's IANA zone (the default until the account has one). */
export const browserZone = () => zoneOr(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** "March 9th 2026 · 9:30 pm" in the zone. */
export const dateTime = (instant: string | Date, zone: string) => `${formatDate(instant, zone)} · ${formatTime(instant, zone)}`;

/** Every zone the browser knows (for the profile's time zone picker). */
export function allZones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone");
  return supported && supported.length > 0 ? supported : ["UTC", "Asia/Kolkata", "America/New_York", "Europe/London"];
}
