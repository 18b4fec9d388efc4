import { Trans } from "@lingui/react/macro";
import { Button } from "../ui/button";
import type { MediaChoice } from "./local-media";

/** The camera or microphone could not be used: why, how to fix it, and the ways to join anyway. */
export function DeviceRefused({ reason, onChoose }: { reason: string; onChoose: (choice: MediaChoice) => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-5 text-slate-800">
      <p className="font-medium">{reason}</p>
      <p className="text-sm">
        <Trans>
          To use them, allow the camera and microphone for this site in your browser's address bar or settings, then try again. You can also
          join without them.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onChoose("camera-and-microphone")}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="outline" onClick={() => onChoose("audio-only")}>
          <Trans>Join with audio only</Trans>
        </Button>
        <Button variant="outline" onClick={() => onChoose("no-devices")}>
          <Trans>Join without camera or microphone</Trans>
        </Button>
      </div>
    </div>
  );
}
