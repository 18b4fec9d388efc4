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
export function MediaToggles({ media, state }: { media: LocalMedia; state: LocalMediaSnapshot }) {
  const hearing = micSending(state);
  const seeing = Boolean(state.camera);
  return (
    <>
      <Button variant="outline" aria-pressed={!hearing} onClick={() => void media.setMic(!hearing)}>
        {hearing ? <Mic aria-hidden /> : <MicOff aria-hidden />}
        {hearing ? <Trans>Mute</Trans> : <Trans>Unmute</Trans>}
      </Button>
      <Button variant="outline" aria-pressed={!seeing} onClick={() => void media.setCamera(!seeing)}>
        {seeing ? <Video aria-hidden /> : <VideoOff aria-hidden />}
        {seeing ? <Trans>Turn camera off</Trans> : <Trans>Turn camera on</Trans>}
      </Button>
    </>
  );
}
