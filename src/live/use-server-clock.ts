import { useEffect, useState } from "react";

/**
 * "Now" on the server's clock, ticking every second: the page learns the server's time with the
 * session and keeps the difference, so a device whose clock is off still counts down right.
 */
export function useServerClock(serverNow: string | undefined): number {
  const [offset] = useState(() => (serverNow ? Date.parse(serverNow) - Date.now() : 0));
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
}

/** The whole seconds a clock shows for a number of milliseconds (rounded up, as a countdown reads). */
const clockSeconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** The whole minutes `clockText` shows ("4:05" is 4), for words that say what the figures say. */
export function clockMinutes(ms: number): number {
  return Math.floor(clockSeconds(ms) / 60);
}

/** "4:05" for a number of milliseconds (minutes and seconds), "1:02:03" past an hour. */
export function clockText(ms: number): string {
  const total = clockSeconds(ms);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
