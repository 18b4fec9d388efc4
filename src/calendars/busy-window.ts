const DAY = 24 * 60 * 60 * 1000;

/**
 * The busy time the scheduler draws (ADR 0040): a week back to two months ahead, in whole UTC days, so the window the
 * Worker drew the page with is the one the page asks for once it takes over (ADR 0028), and nothing is read twice.
 */
export function schedulerBusyWindow(now = Date.now()): { from: string; to: string } {
  const today = Math.floor(now / DAY) * DAY;
  return { from: new Date(today - 7 * DAY).toISOString(), to: new Date(today + 61 * DAY).toISOString() };
}
