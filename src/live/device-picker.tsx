import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useId } from "react";
import { type DeviceKind, pickDevice } from "./device-choice";
import type { LocalMedia, LocalMediaSnapshot } from "./local-media";

const SELECT =
  "h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60";

const KINDS: { kind: DeviceKind; label: MessageDescriptor; none: MessageDescriptor }[] = [
  { kind: "videoinput", label: msg`Camera`, none: msg`No camera found` },
  { kind: "audioinput", label: msg`Microphone`, none: msg`No microphone found` },
  { kind: "audiooutput", label: msg`Speaker`, none: msg`The system's speaker` },
];

/**
 * The camera, microphone and speaker to use, from the browser's device list; a change applies at
 * once (before and during the call). The speaker is offered only where the browser can choose one.
 */
export function DevicePicker({ media, state }: { media: LocalMedia; state: LocalMediaSnapshot }) {
  const { i18n } = useLingui();
  const id = useId();
  const kinds = KINDS.filter((k) => k.kind !== "audiooutput" || media.canChooseSpeaker);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {kinds.map(({ kind, label, none }) => {
        const options = state.devices[kind];
        const inUse = kind === "videoinput" ? state.camera : kind === "audioinput" ? state.mic : null;
        const value = inUse?.getSettings().deviceId ?? pickDevice(state.devices, state.choice, kind) ?? "";
        return (
          <div key={kind} className="grid min-w-0 gap-1">
            <label htmlFor={`${id}-${kind}`} className="text-sm font-medium text-slate-800">
              {i18n._(label)}
            </label>
            <select
              id={`${id}-${kind}`}
              className={SELECT}
              value={options.some((o) => o.id === value) ? value : ""}
              disabled={options.length === 0}
              onChange={(e) => void media.choose(kind, e.target.value)}
            >
              {options.length === 0 ? <option value="">{i18n._(none)}</option> : null}
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}
