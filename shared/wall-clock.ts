/**
 * What a clock on the wall in a zone shows at an instant, from Intl (which carries the zone rules of the runtime, in
 * the browser and in workerd alike). One formatter per zone is kept: building one costs far more than using it, and a
 * wave of reminders writes thousands of times in one batch (ADR 0034).
 */

export type Wall = { year: number; month: number; day: number; weekday: number; hour: number; minute: number; second: number };

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
/** The runtime's own zone has no name here: the key "" stands for it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? "";
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      ...(zone ? { timeZone: zone } : {}),
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      era: "short",
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` (the runtime's own when none is named) at `instant`. */
export function wallOf(instant: Date | number, zone?: string): Wall {
  const wall: Wall = { year: 0, month: 1, day: 1, weekday: 0, hour: 0, minute: 0, second: 0 };
  let beforeChrist = false;
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type === "weekday") wall.weekday = WEEKDAYS[part.value] ?? 0;
    else if (part.type === "era") beforeChrist = part.value === "BC";
    else if (part.type in wall) wall[part.type as keyof Wall] = Number(part.value);
  }
  if (beforeChrist) wall.year = 1 - wall.year;
  // Some engines still write midnight as hour 24 under h23.
  wall.hour %= 24;
  return wall;
}

/** Minutes the zone is ahead of UTC at `instant` (330 in India, -240 in New York in summer); whole seconds, as zones are. */
export function zoneOffsetMinutes(instant: Date | number, zone: string): number {
  const at = typeof instant === "number" ? instant : instant.getTime();
  const wholeSeconds = at - (((at % 1000) + 1000) % 1000);
  const w = wallOf(wholeSeconds, zone);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - wholeSeconds) / 60_000;
}
