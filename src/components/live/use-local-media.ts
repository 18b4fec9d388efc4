import { useCallback, useEffect, useRef, useState } from "react";

/** What the person chose or allowed: camera and microphone, microphone only, or nothing. */
export type MediaChoice = "camera-and-microphone" | "audio-only" | "no-devices";

export type LocalMedia =
  | { state: "idle" | "asking" }
  | { state: "ready"; stream: MediaStream | null; choice: MediaChoice }
  | { state: "refused"; reason: string };

const CONSTRAINTS: Record<Exclude<MediaChoice, "no-devices">, MediaStreamConstraints> = {
  "camera-and-microphone": { audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 } } },
  "audio-only": { audio: true, video: false },
};

function reasonFor(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "Your browser was not allowed to use your camera or microphone.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No camera or microphone was found on this device.";
  if (name === "NotReadableError") return "Your camera or microphone is in use by another app.";
  return "Your camera and microphone could not be started.";
}

/** The camera and microphone for a call; stops them when the page goes away. */
export function useLocalMedia() {
  const [media, setMedia] = useState<LocalMedia>({ state: "idle" });
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  }, []);

  const start = useCallback(
    async (choice: MediaChoice) => {
      stop();
      if (choice === "no-devices") return setMedia({ state: "ready", stream: null, choice });
      if (!navigator.mediaDevices?.getUserMedia) return setMedia({ state: "refused", reason: "This browser cannot use a camera or microphone here (it needs a secure https page)." });
      setMedia({ state: "asking" });
      try {
        const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS[choice]);
        streamRef.current = stream;
        setMedia({ state: "ready", stream, choice });
      } catch (error) {
        setMedia({ state: "refused", reason: reasonFor(error) });
      }
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { media, start, stop };
}
