import { MicOff } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/ui/class-names";
import { Avatar } from "../ui/avatar";

type SinkVideo = HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> };

/**
 * A video element bound to a stream; tells when the browser refused to start it without a click,
 * and plays its sound on the chosen speaker where the browser can choose (setSinkId).
 */
export function StreamVideo({
  stream,
  muted,
  label,
  className,
  speaker,
  onBlocked,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className: string;
  speaker?: string;
  onBlocked?: (blocked: boolean) => void;
}) {
  const ref = useRef<SinkVideo>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream)
      video.play().then(
        () => onBlocked?.(false),
        () => onBlocked?.(true),
      );
  }, [stream, onBlocked]);
  useEffect(() => {
    const video = ref.current;
    if (video?.setSinkId && speaker)
      video.setSinkId(speaker).catch((error) => console.warn("live call: the speaker could not be chosen", error));
  }, [speaker]);
  return <video ref={ref} aria-label={label} autoPlay playsInline muted={muted} className={className} />;
}

/** In place of a camera that is off: the person's picture (or initials) and name. */
export function CameraOff({ name, imageUrl, note, small }: { name: string; imageUrl: string; note: string; small?: boolean }) {
  return (
    <div
      className={cn(
        "absolute inset-0 flex flex-col items-center justify-center bg-slate-800 text-center text-white",
        small ? "gap-1" : "gap-2",
      )}
    >
      <Avatar src={imageUrl} name={name} alt="" className={small ? "size-10 text-sm" : "size-20 text-2xl sm:size-28 sm:text-3xl"} />
      <p className={cn("px-2 font-medium", small ? "text-xs" : "text-lg")}>{name}</p>
      <p className={cn("px-2 text-slate-300", small ? "sr-only" : "text-sm")}>{note}</p>
    </div>
  );
}

/** A small badge on a tile: the person's microphone is off. */
export function MicOffBadge({ label }: { label: string }) {
  return (
    <span className="absolute left-2 top-2 flex items-center gap-1 rounded-full bg-slate-900/80 px-2 py-1 text-xs text-white">
      <MicOff aria-hidden className="size-3.5" />
      <span>{label}</span>
    </span>
  );
}

/** A tile's frame: a dark box holding a video and whatever lies over it; the caller places it (relative in the flow, or absolute over another tile). */
export function Tile({ className, children }: { className: string; children: ReactNode }) {
  return <div className={cn("overflow-hidden bg-slate-900", className)}>{children}</div>;
}
