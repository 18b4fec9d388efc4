import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "@/ui/button";
import { canJoinNow } from "./ics-download";

/** "Join session" from an hour before the start (the live page checks the camera and microphone and lets her join from 10 minutes before); `later` shows until then. */
export function JoinSessionLink({ slotId, start, later = null }: { slotId: string; start: string; later?: ReactNode }) {
  if (!canJoinNow(start)) return <>{later}</>;
  return (
    <Button asChild>
      <a href={`/mentees/connect/live/${slotId}`} target="_blank" rel="noopener">
        <Trans>Join session</Trans>
      </a>
    </Button>
  );
}
