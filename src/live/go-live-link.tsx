import { Trans } from "@lingui/react/macro";
import { useNow } from "@/platform/use-now";
import { canGoLive, LIVE_EARLY_MS } from "../../shared/live-window";
import { Button } from "../ui/button";

/**
 * The mentor's "Go Live" (SPEC §2): from 10 minutes before the session's start (when its room opens,
 * ADR 0026) until its call ends (when the room stops admitting), it opens `/mentors/connect/live/{id}` in a new window; before
 * that, a note says when it appears. It keeps its own clock (every 30 s), so the link appears when the room opens
 * without the page around it (a chart, the calendar) being drawn again on every tick.
 */
export function GoLiveLink({
  slot,
  size = "sm",
}: {
  slot: { id: string; type: string; start: string; end: string };
  size?: "sm" | "default";
}) {
  const now = useNow(30_000);
  if (canGoLive(slot, now))
    return (
      <Button asChild size={size}>
        <a href={`/mentors/connect/live/${slot.id}`} target="_blank" rel="noopener">
          <Trans>Go Live</Trans>
        </a>
      </Button>
    );
  const minutes = Math.round(LIVE_EARLY_MS / 60_000);
  if (new Date(slot.start).getTime() > now)
    return (
      <span className="text-sm text-slate-500">
        <Trans>Go Live opens {minutes} minutes before the start</Trans>
      </span>
    );
  return null;
}
