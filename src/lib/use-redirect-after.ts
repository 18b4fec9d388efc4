import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { AREA_HOME } from "./areas";
import type { Role } from "./session";

type Destination = "/" | "/auth/login" | (typeof AREA_HOME)[Role];

/** Schedules one navigation after a delay (SPEC §9 redirect delays); cancelled if the page goes away first. */
export function useRedirectAfter(): (to: Destination, delayMs: number) => void {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ to: Destination; delayMs: number } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => void navigate({ to: pending.to }), pending.delayMs);
    return () => window.clearTimeout(timer);
  }, [pending, navigate]);
  return (to, delayMs) => setPending({ to, delayMs });
}
