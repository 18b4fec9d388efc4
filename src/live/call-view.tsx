import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { MessageSquare, MicOff, MonitorUp, MonitorX, PhoneOff, Settings2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { CallStatus, LiveCall } from "@/live/live-call";
import type { LiveSession } from "@/platform/api-types";
import { Button } from "../ui/button";
import { CallChat } from "./call-chat";
import { DevicePicker } from "./device-picker";
import type { LocalMedia, LocalMediaSnapshot } from "./local-media";
import { MediaToggles, micSending } from "./media-toggles";
import { MicLevel } from "./mic-level";
import { useTrackStream } from "./pre-join";
import { type RoomRecord, useRoomPresence } from "./room-attendance";
import { sessionPhase, timerText } from "./session-clock";
import { CameraOff, MicOffBadge, StreamVideo, Tile } from "./video-tile";
import { waitRuleText } from "./wait-rule";

function statusText(status: CallStatus, name: string): string {
  switch (status) {
    case "joining":
      return t`Joining the room...`;
    case "waiting":
      return t`Waiting for ${name} to join`;
    case "connecting":
      return t`Connecting to ${name}...`;
    case "reconnecting":
      return t`Reconnecting...`;
    case "peer-left":
      return t`${name} left. Waiting for ${name} to come back`;
    default:
      return "";
  }
}

/** What a screen reader hears when the other person comes, goes, or changes what they send. */
function useAnnouncement(call: LiveCall, name: string): string {
  const { status, peerMedia } = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const [text, setText] = useState("");
  const previous = useRef({ status, peerMedia });
  useEffect(() => {
    const before = previous.current;
    previous.current = { status, peerMedia };
    if (status === "connecting" && (before.status === "waiting" || before.status === "peer-left")) setText(t`${name} joined`);
    else if (status === "peer-left" && before.status !== "peer-left") setText(t`${name} left`);
    else if (peerMedia && before.peerMedia) {
      if (peerMedia.screen !== before.peerMedia.screen)
        setText(peerMedia.screen ? t`${name} is sharing their screen` : t`${name} stopped sharing their screen`);
      else if (peerMedia.camera !== before.peerMedia.camera)
        setText(peerMedia.camera ? t`${name} turned their camera on` : t`${name} turned their camera off`);
    }
  }, [status, peerMedia, name]);
  return text;
}

type CallViewProps = {
  call: LiveCall;
  media: LocalMedia;
  state: LocalMediaSnapshot;
  session: LiveSession;
  now: number;
  /** What the room had recorded when one joined: with what this page sees since, the attendance rule's input. */
  record: RoomRecord;
  onLeave: () => void;
};

/**
 * The call: the other person large (their name and picture while their camera is off), oneself
 * small, microphone, camera, screen sharing, the text panel, devices, leave; the time; what is
 * happening, and while one waits after the start, the attendance rule.
 */
export function CallView({ call, media, state, session, now, record, onLeave }: CallViewProps) {
  const { status, remoteStream, peerMedia } = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const [playBlocked, setPlayBlocked] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const chatButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const other = session.other;
  const name = other.firstName;
  const announcement = useAnnouncement(call, name);
  const text = statusText(status, name);
  const timer = timerText(sessionPhase(now, session.start, session.end));
  const waiting = status === "waiting" || status === "peer-left";
  const presence = useRoomPresence(call, record, session.role, now);
  const rule = waiting
    ? waitRuleText({
        type: session.type,
        start: session.start,
        end: session.end,
        now,
        presence,
        viewer: session.role,
        otherName: name,
        zone: session.me.timeZone,
      })
    : null;

  // What this side sends follows its devices: another camera or microphone, the screen, a camera turned off.
  const outgoingVideo = state.screen ?? state.camera;
  useEffect(() => call.setTracks({ audio: state.mic, video: outgoingVideo }), [call, state.mic, outgoingVideo]);
  const hearing = micSending(state);
  useEffect(
    () => call.setMedia({ camera: Boolean(state.camera), mic: hearing, screen: Boolean(state.screen) }),
    [call, state.camera, hearing, state.screen],
  );
  const self = useTrackStream(outgoingVideo);

  const closeChat = useCallback(() => {
    setChatOpen(false);
    chatButton.current?.focus();
  }, []);
  useEffect(() => {
    if (chatOpen) document.getElementById(`${ids}-chat`)?.querySelector("textarea")?.focus();
  }, [chatOpen, ids]);

  const theirCameraOff = peerMedia !== null && !peerMedia.camera && !peerMedia.screen;
  const words = "sr-only sm:not-sr-only";
  // The whole window (100dvh, the area's header hidden): the video takes what the bar and the notes leave, and the
  // control bar stays at the bottom, on screen whatever the window's height.
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-x-2">
        <p className="font-medium text-slate-900">
          <Trans>With {name}</Trans>
        </p>
        <p className="text-sm tabular-nums text-slate-700">
          <span aria-hidden="true">{timer.text}</span>
          <span className="sr-only">{timer.label}</span>
        </p>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className={chatOpen ? "grid min-h-0 flex-1 gap-3 md:grid-cols-[minmax(0,1fr)_20rem]" : "grid min-h-0 flex-1"}>
        <div className="flex min-h-0 flex-col gap-2">
          <Tile className="relative min-h-40 flex-1 rounded-lg">
            <StreamVideo
              stream={remoteStream}
              muted={false}
              speaker={state.choice.audiooutput}
              label={t`${name}'s video`}
              className="absolute inset-0 h-full w-full bg-slate-900 object-contain"
              onBlocked={setPlayBlocked}
            />
            {theirCameraOff ? <CameraOff name={other.name} imageUrl={other.profileImageUrl} note={t`${name}'s camera is off`} /> : null}
            {peerMedia && !peerMedia.mic ? <MicOffBadge label={t`${name} is muted`} /> : null}
            {text ? (
              <p
                role="status"
                className="absolute inset-x-0 top-1/2 -translate-y-1/2 bg-slate-900/60 px-4 py-2 text-center text-lg text-white"
              >
                {text}
              </p>
            ) : (
              <p role="status" className="sr-only">
                <Trans>Connected to {name}</Trans>
              </p>
            )}
            {playBlocked && remoteStream ? (
              <div className="absolute inset-x-0 bottom-4 flex justify-center">
                <Button onClick={() => document.querySelectorAll("video").forEach((v) => void v.play().then(() => setPlayBlocked(false)))}>
                  <Trans>Start audio and video</Trans>
                </Button>
              </div>
            ) : null}
            <Tile className="absolute bottom-2 right-2 aspect-video w-1/4 min-w-24 max-w-64 rounded-md border border-white/40">
              {self ? (
                <StreamVideo
                  stream={self}
                  muted
                  label={state.screen ? t`Your shared screen` : t`Your camera`}
                  className={state.screen ? "h-full w-full object-contain" : "h-full w-full -scale-x-100 object-cover"}
                />
              ) : (
                <CameraOff name={t`You`} imageUrl={session.me.profileImageUrl} note={t`Your camera is off`} small />
              )}
              {!hearing ? (
                <span className="absolute left-1 top-1 rounded-full bg-slate-900/80 p-1 text-white">
                  <MicOff aria-hidden className="size-3" />
                  <span className="sr-only">
                    <Trans>You are muted</Trans>
                  </span>
                </span>
              ) : null}
            </Tile>
          </Tile>
          {rule || state.screen || state.notice ? (
            <div className="grid max-h-32 shrink-0 gap-1 overflow-y-auto">
              {rule ? <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-slate-800">{rule}</p> : null}
              {state.screen ? (
                <p className="text-sm text-slate-700">
                  <Trans>You are sharing your screen. {name} sees it instead of your camera.</Trans>
                </p>
              ) : null}
              {state.notice ? (
                <p role="alert" className="text-sm text-amber-800">
                  {state.notice}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the chat (its field, its buttons) bubbles here and closes it */}
        <div
          className={
            chatOpen
              ? "fixed inset-0 z-50 md:static md:z-auto md:min-h-0 md:overflow-hidden md:rounded-lg md:border md:border-slate-200"
              : "hidden"
          }
          onKeyDown={(e) => e.key === "Escape" && closeChat()}
        >
          <CallChat
            id={`${ids}-chat`}
            role={session.role}
            otherId={other.id}
            otherName={name}
            open={chatOpen}
            onClose={closeChat}
            onUnread={setUnread}
          />
        </div>
      </div>
      <div className="relative shrink-0">
        <div
          id={`${ids}-devices`}
          hidden={!devicesOpen}
          className="absolute inset-x-0 bottom-full mb-2 grid max-h-[60dvh] gap-3 overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
        >
          <DevicePicker media={media} state={state} />
          <MicLevel track={devicesOpen ? state.mic : null} muted={!state.micOn} />
        </div>
        <div role="group" aria-label={t`Call controls`} className="flex flex-wrap justify-center gap-2 border-t border-slate-200 pt-2">
          <MediaToggles media={media} state={state} compact />
          {media.canShareScreen ? (
            <Button
              variant="outline"
              size="bar"
              aria-pressed={Boolean(state.screen)}
              onClick={() => (state.screen ? media.stopSharing() : void media.shareScreen())}
            >
              {state.screen ? <MonitorX aria-hidden /> : <MonitorUp aria-hidden />}
              <span className={words}>{state.screen ? <Trans>Stop sharing</Trans> : <Trans>Share screen</Trans>}</span>
            </Button>
          ) : null}
          <Button
            ref={chatButton}
            variant="outline"
            size="bar"
            aria-expanded={chatOpen}
            aria-controls={`${ids}-chat`}
            onClick={() => (chatOpen ? closeChat() : setChatOpen(true))}
          >
            <MessageSquare aria-hidden />
            <span className={words}>
              <Trans>Chat</Trans>
            </span>
            {unread > 0 ? (
              <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">
                {unread}
                <span className="sr-only"> {t`new`}</span>
              </span>
            ) : null}
          </Button>
          <Button
            variant="outline"
            size="bar"
            aria-expanded={devicesOpen}
            aria-controls={`${ids}-devices`}
            onClick={() => setDevicesOpen(!devicesOpen)}
          >
            <Settings2 aria-hidden />
            <span className={words}>
              <Trans>Devices</Trans>
            </span>
          </Button>
          <Button variant="destructive" size="bar" onClick={onLeave}>
            <PhoneOff aria-hidden />
            <Trans>Leave</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}
