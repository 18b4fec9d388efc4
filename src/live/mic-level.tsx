import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

/** How loud a block of 8-bit audio samples (128 = silence) is, from 0 to 1: its RMS, scaled so speech fills most of the bar. */
export function levelOf(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = (samples[i] - 128) / 128;
    sum += x * x;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}

type AudioContextClass = typeof AudioContext;

/**
 * The microphone's level as a bar (a meter for screen readers), so the person sees it picks them up.
 * Browsers may hold an audio context until the first click or key: it resumes then.
 */
export function MicLevel({ track, muted }: { track: MediaStreamTrack | null; muted: boolean }) {
  const { t } = useLingui();
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const Context = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
      | AudioContextClass
      | undefined;
    if (!track || !Context) return setLevel(0);
    const context = new Context();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      setLevel(levelOf(samples));
    }, 100);
    const resume = () => void context.resume().catch(() => undefined);
    window.addEventListener("pointerdown", resume);
    window.addEventListener("keydown", resume);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pointerdown", resume);
      window.removeEventListener("keydown", resume);
      void context.close().catch(() => undefined);
    };
  }, [track]);
  const value = !track || muted ? 0 : Math.round(level * 100);
  const text = !track
    ? t`No microphone`
    : muted
      ? t`Muted`
      : value > 5
        ? t`Your microphone picks you up`
        : t`Say something to test your microphone`;
  return (
    <div className="grid gap-1">
      <div
        role="meter"
        aria-label={t`Microphone level`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-emerald-500 transition-[width] duration-100" style={{ width: `${value}%` }} />
      </div>
      <p className="text-xs text-slate-600">{text}</p>
    </div>
  );
}
