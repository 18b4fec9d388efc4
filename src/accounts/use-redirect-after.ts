import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { AREA_HOME } from "../platform/areas";
import type { Role } from "../platform/session";

type Destination = "/" | "/auth/login" | (typeof AREA_HOME)[Role];

type Search = Record<string, string>;

/**
 * Schedules one navigation after a delay (SPEC §9 redirect delays); cancelled if the page goes away
 * first. `search` carries the query (e.g. the sign-in page's account type and return-to).
 */
export function useRedirectAfter(): (to: Destination, delayMs: number, search?: Search) => void {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ to: Destination; delayMs: number; search?: Search } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => void navigate({ to: pending.to, search: pending.search as never }), pending.delayMs);
    return () => window.clearTimeout(timer);
  }, [pending, navigate]);
  return (to, delayMs, search) => setPending({ to, delayMs, search });
}
