import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useNow } from "@/platform/use-now";
import { Button } from "@/ui/button";
import { canGoLive, LIVE_EARLY_MS } from "../../../shared/live-window";

/** How many minutes before the start the live room opens: the one rule both sides follow and name (shared/live-window.ts). */
export const JOIN_OPENS_MINUTES = Math.round(LIVE_EARLY_MS / 60_000);

/** "Join opens 10 minutes before the start", the minutes from the live room's own rule. */
export function JoinOpensNote({ className = "text-sm text-slate-600" }: { className?: string }) {
  const minutes = JOIN_OPENS_MINUTES;
  return (
    <span className={className}>
      <Trans>Join opens {minutes} minutes before the start</Trans>
    </span>
  );
}

/**
 * "Join session" while the live room is open (from 10 minutes before the start, as the mentor's Go Live: the room's
 * rule in shared/live-window.ts), with its own clock so it appears on time; `later` shows before that.
 */
export function JoinSessionLink({
  slotId,
  type,
  start,
  end,
  later = null,
}: {
  slotId: string;
  type: string;
  start: string;
  end: string;
  later?: ReactNode;
}) {
  const now = useNow(30_000);
  if (!canGoLive({ type, start, end }, now)) return new Date(start).getTime() > now ? later : null;
  return (
    <Button asChild>
      <a href={`/mentees/connect/live/${slotId}`} target="_blank" rel="noopener">
        <Trans>Join session</Trans>
      </a>
    </Button>
  );
}
