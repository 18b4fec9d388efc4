import { Trans } from "@lingui/react/macro";
import { Mic, MicOff, Video, VideoOff } from "lucide-react";
import { Button } from "../ui/button";
import type { LocalMedia, LocalMediaSnapshot } from "./local-media";

/** Whether the microphone is heard: there is one and it is not muted. */
export const micSending = (state: LocalMediaSnapshot) => Boolean(state.mic && state.micOn);

/**
 * Mute and camera toggles, the same before and during the call. Each says what a press does, and
 * aria-pressed says the device is off. Turning the camera off stops it (its light goes off).
 */
export function MediaToggles({ media, state, compact }: { media: LocalMedia; state: LocalMediaSnapshot; compact?: boolean }) {
  const hearing = micSending(state);
  const seeing = Boolean(state.camera);
  // In the call's bar on a phone only the icons show; the words stay the buttons' names.
  const words = compact ? "sr-only sm:not-sr-only" : undefined;
  return (
    <>
      <Button variant="outline" size={compact ? "bar" : "default"} aria-pressed={!hearing} onClick={() => void media.setMic(!hearing)}>
        {hearing ? <Mic aria-hidden /> : <MicOff aria-hidden />}
        <span className={words}>{hearing ? <Trans>Mute</Trans> : <Trans>Unmute</Trans>}</span>
      </Button>
      <Button variant="outline" size={compact ? "bar" : "default"} aria-pressed={!seeing} onClick={() => void media.setCamera(!seeing)}>
        {seeing ? <Video aria-hidden /> : <VideoOff aria-hidden />}
        <span className={words}>{seeing ? <Trans>Turn camera off</Trans> : <Trans>Turn camera on</Trans>}</span>
      </Button>
    </>
  );
}
