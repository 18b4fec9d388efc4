import { useEffect, useState } from "react";

/** Re-renders every `intervalMs` so relative times ("3 minutes ago") stay true while a page stays open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
