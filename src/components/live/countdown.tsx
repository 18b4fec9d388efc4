import { clockText } from "./use-server-clock";

/** Before the room opens: how long until one can join; the page enters by itself at zero. */
export function Countdown({ opensAt, now, startLabel }: { opensAt: string; now: number; startLabel: string }) {
  const left = Date.parse(opensAt) - now;
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-6 text-center">
      <p className="text-slate-700">The session starts {startLabel}. You can join from 10 minutes before.</p>
      <p className="text-4xl font-semibold tabular-nums text-slate-900" aria-live="off">
        {clockText(left)}
      </p>
      <p className="text-sm text-slate-600" role="status">
        Keep this page open: it joins by itself when the room opens.
      </p>
    </div>
  );
}
