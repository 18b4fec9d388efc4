/**
 * A subscriber waiting for her mentor's answer (ADR 0026): from 72 hours the mentor is reminded and
 * moderators see it. Shared by the reminder (its notice and e-mail) and the moderator home.
 */

const HOUR = 60 * 60 * 1000;

/** A subscriber who has waited this long for an answer is "waiting": the mentor is reminded, moderators see it. */
export const REPLY_WAIT_MS = 72 * HOUR;

/** How long someone has waited, coarsely: "3 days", "3 days 5 hours", "20 hours". */
export function waitLabel(ms: number): string {
  const hours = Math.max(0, Math.floor(ms / HOUR));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days === 0) return plural(hours, "hour");
  return rest ? `${plural(days, "day")} ${plural(rest, "hour")}` : plural(days, "day");
}
