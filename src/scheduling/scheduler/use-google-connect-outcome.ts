import { useLingui } from "@lingui/react/macro";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { toast } from "@/ui/toast";

/** What the Worker's Google Calendar callback sends the mentor back with (`?calendars=`, worker/calendars/google/google-calendar.routes.ts). */
const OUTCOMES = ["connected", "cancelled", "expired", "scopes", "failed", "not_configured", "signed_out"] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * Says once how connecting Google Calendar went, then cleans the address so a reload does not say it again. Nothing
 * is started or changed from the address (anyone can link here, ADR 0030): the card reads his accounts itself. Called
 * by the Calendars card, so its words load with the card, not with every page.
 */
export function useGoogleConnectOutcome() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const said: unknown = useRouterState({ select: (s): unknown => (s.location.search as Record<string, unknown>).calendars });
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !OUTCOMES.includes(said as Outcome)) return;
    handled.current = true;
    const outcome = said as Outcome;
    void navigate({ to: ".", search: {}, replace: true });
    if (outcome === "connected") {
      toast.success(t`Google Calendar connected`, { description: t`Its meetings now close the slots they overlap.` });
      return;
    }
    const why: Record<Exclude<Outcome, "connected">, string> = {
      cancelled: t`You left Google's screen before allowing access.`,
      expired: t`The connection took too long or was started in another tab. Please try again.`,
      scopes: t`Allow both reading your calendars and changing their events, so your slots and sessions stay in step.`,
      failed: t`Google did not answer as expected. Please try again in a moment.`,
      not_configured: t`Google Calendar is not set up on this server.`,
      signed_out: t`Your sign-in has ended. Sign in again, then connect.`,
    };
    toast.error(t`Google Calendar not connected`, { description: why[outcome] });
  }, [said, navigate, t]);
}
