import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type { LiveSession } from "@/platform/api-types";
import { formatTime } from "@/platform/zoned";
import { Button } from "../ui/button";
import { DevicePicker } from "./device-picker";
import { DeviceRefused } from "./device-refused";
import type { LocalMedia, LocalMediaSnapshot, MediaChoice } from "./local-media";
import { MediaToggles, micSending } from "./media-toggles";
import { MicLevel } from "./mic-level";
import { CameraOff, MicOffBadge, StreamVideo, Tile } from "./video-tile";

type PreJoinProps = {
  session: LiveSession;
  media: LocalMedia;
  state: LocalMediaSnapshot;
  startLabel: string;
  /** The session's start has passed (she is late, or comes back): say so, not that it starts. */
  started: boolean;
  roomOpen: boolean;
  joining: boolean;
  onJoin: () => void;
  /** A way out of a refused camera: audio only or no devices, joining at once when the room is open. */
  onChoose: (choice: MediaChoice) => void;
};

/** A stream of one track for a video element (the same object while the track is the same). */
export function useTrackStream(track: MediaStreamTrack | null): MediaStream | null {
  return useMemo(() => (track ? new MediaStream([track]) : null), [track]);
}

/**
 * Before entering (ADR 0026): one's own camera and a microphone level, the devices to use, mute and
 * camera toggles, and "Join now" once the room is open (10 minutes before the start). Nobody is in
 * the room, or counted as present, until they join.
 */
export function PreJoin({ session, media, state, startLabel, started, roomOpen, joining, onJoin, onChoose }: PreJoinProps) {
  const { t } = useLingui();
  const preview = useTrackStream(state.camera);
  const opensAt = formatTime(session.opensAt, session.me.timeZone);
  const asking = state.status === "asking";
  return (
    <div className="grid gap-4 md:grid-cols-[3fr_2fr]">
      <div className="grid content-start gap-2">
        {state.status === "refused" ? (
          <DeviceRefused reason={state.refusal ?? ""} onChoose={onChoose} />
        ) : (
          <>
            <Tile className="relative aspect-video rounded-lg">
              {preview ? (
                <StreamVideo stream={preview} muted label={t`Your camera preview`} className="h-full w-full -scale-x-100 object-cover" />
              ) : (
                <CameraOff
                  name={session.me.name}
                  imageUrl={session.me.profileImageUrl}
                  note={
                    asking
                      ? t`Asking for your camera and microphone...`
                      : state.status === "idle"
                        ? t`Your camera is not on yet`
                        : t`Your camera is off`
                  }
                />
              )}
              {state.status === "ready" && !micSending(state) ? <MicOffBadge label={t`Muted`} /> : null}
              {state.status === "idle" ? (
                <div className="absolute inset-x-0 bottom-4 flex justify-center">
                  <Button onClick={() => void media.start("camera-and-microphone")}>
                    <Trans>Check your camera and microphone</Trans>
                  </Button>
                </div>
              ) : null}
            </Tile>
            <MicLevel track={state.mic} muted={!state.micOn} />
          </>
        )}
      </div>
      <div className="grid content-start gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>Ready to join?</Trans>
        </h2>
        <p className="text-slate-700">
          {started ? <Trans>The session started {startLabel}.</Trans> : <Trans>The session starts {startLabel}.</Trans>}
        </p>
        <p role="status" className="text-sm text-slate-700">
          {roomOpen
            ? t`The room is open. Join when you are ready.`
            : t`The room opens at ${opensAt}, 10 minutes before the start. Keep this page open.`}
        </p>
        {state.status === "ready" ? (
          <>
            <div className="flex flex-wrap gap-2">
              <MediaToggles media={media} state={state} />
            </div>
            <DevicePicker media={media} state={state} />
          </>
        ) : null}
        {state.notice ? (
          <p role="alert" className="text-sm text-amber-800">
            {state.notice}
          </p>
        ) : null}
        <Button size="lg" disabled={!roomOpen || joining || asking} onClick={onJoin}>
          {joining ? t`Joining...` : roomOpen ? t`Join now` : t`You can join from ${opensAt}`}
        </Button>
      </div>
    </div>
  );
}
