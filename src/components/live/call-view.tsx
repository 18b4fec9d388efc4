import { Mic, MicOff, PhoneOff, Video, VideoOff } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { CallStatus, LiveCall } from "@/lib/live-call";
import { Button } from "../ui/button";
import { clockText } from "./use-server-clock";

function statusText(status: CallStatus, name: string): string {
  switch (status) {
    case "joining":
      return "Joining the room...";
    case "waiting":
      return `Waiting for ${name} to join`;
    case "connecting":
      return `Connecting to ${name}...`;
    case "reconnecting":
      return "Reconnecting...";
    case "peer-left":
      return `${name} left. Waiting for ${name} to come back`;
    default:
      return "";
  }
}

/** A video element bound to a stream; tells when the browser refused to start it without a click. */
function StreamVideo({ stream, muted, label, className, onBlocked }: { stream: MediaStream | null; muted: boolean; label: string; className: string; onBlocked?: (blocked: boolean) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) video.play().then(() => onBlocked?.(false), () => onBlocked?.(true));
  }, [stream, onBlocked]);
  return <video ref={ref} aria-label={label} autoPlay playsInline muted={muted} className={className} />;
}

type CallViewProps = { call: LiveCall; local: MediaStream | null; otherName: string; end: string; now: number; onLeave: () => void };

/** The call: the other person large, oneself small, microphone and camera toggles, leave, time left and what is happening. */
export function CallView({ call, local, otherName, end, now, onLeave }: CallViewProps) {
  const { status, remoteStream } = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [playBlocked, setPlayBlocked] = useState(false);
  const hasAudio = Boolean(local?.getAudioTracks().length);
  const hasVideo = Boolean(local?.getVideoTracks().length);
  const toggle = (kind: "audio" | "video", on: boolean) => local?.getTracks().forEach((t) => t.kind === kind && (t.enabled = on));
  const left = Date.parse(end) - now;
  const text = statusText(status, otherName);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">With {otherName}</p>
        <p className="text-sm tabular-nums text-slate-700" aria-label={`${Math.max(0, Math.ceil(left / 60000))} minutes left`}>
          {left > 0 ? `${clockText(left)} left` : "Time is up"}
        </p>
      </div>
      <div className="relative overflow-hidden rounded-lg bg-slate-900">
        <StreamVideo stream={remoteStream} muted={false} label={`${otherName}'s video`} className="aspect-video w-full bg-slate-900 object-contain" onBlocked={setPlayBlocked} />
        {text ? (
          <p role="status" className="absolute inset-x-0 top-1/2 -translate-y-1/2 px-4 text-center text-lg text-white">
            {text}
          </p>
        ) : (
          <p role="status" className="sr-only">
            Connected to {otherName}
          </p>
        )}
        {playBlocked && remoteStream ? (
          <div className="absolute inset-x-0 bottom-4 flex justify-center">
            <Button onClick={() => document.querySelectorAll("video").forEach((v) => void v.play().then(() => setPlayBlocked(false)))}>Start audio and video</Button>
          </div>
        ) : null}
        {hasVideo ? (
          <StreamVideo stream={local} muted label="Your camera" className="absolute bottom-2 right-2 aspect-video w-1/4 min-w-24 rounded-md border border-white/40 bg-slate-800 object-cover" />
        ) : null}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" aria-pressed={!micOn} disabled={!hasAudio} onClick={() => (toggle("audio", !micOn), setMicOn(!micOn))}>
          {micOn && hasAudio ? <Mic aria-hidden /> : <MicOff aria-hidden />}
          {!hasAudio ? "No microphone" : micOn ? "Mute" : "Unmute"}
        </Button>
        <Button variant="outline" aria-pressed={!cameraOn} disabled={!hasVideo} onClick={() => (toggle("video", !cameraOn), setCameraOn(!cameraOn))}>
          {cameraOn && hasVideo ? <Video aria-hidden /> : <VideoOff aria-hidden />}
          {!hasVideo ? "No camera" : cameraOn ? "Turn camera off" : "Turn camera on"}
        </Button>
        <Button variant="destructive" onClick={onLeave}>
          <PhoneOff aria-hidden />
          Leave
        </Button>
      </div>
    </div>
  );
}
