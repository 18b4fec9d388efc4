import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";

/**
 * Time off over booked sessions: ask each mentee to move hers (first: she keeps her call and picks a new time, or
 * cancels with the call back), or cancel them outright. Shows the words the mentees will read.
 */
export function BookingsChoice({
  value,
  onChange,
  note,
}: {
  value: "ask" | "cancel";
  onChange: (value: "ask" | "cancel") => void;
  note: string;
}) {
  const { t } = useLingui();
  const name = useId();
  // Without his note, each mentee reads the Worker's TIME_OFF_ASK in her own language; he sees it in his.
  const words = note || t`I'm away on that day. Please pick another time.`;
  return (
    <fieldset className="grid gap-2 text-sm text-slate-800">
      <legend className="mb-1 font-medium">
        <Trans>What happens to these sessions?</Trans>
      </legend>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name={name}
          checked={value === "ask"}
          onChange={() => onChange("ask")}
          className="mt-0.5 size-4 accent-indigo-600"
        />
        <span>
          <Trans>Ask the mentees to move them</Trans>
          <span className="block text-xs text-slate-600">{t`Each mentee is asked to pick another time: “${words}”`}</span>
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name={name}
          checked={value === "cancel"}
          onChange={() => onChange("cancel")}
          className="mt-0.5 size-4 accent-indigo-600"
        />
        <span>
          <Trans>Cancel them</Trans>
          <span className="block text-xs text-slate-600">
            <Trans>Each mentee is told and gets the call back in their plan.</Trans>
          </span>
        </span>
      </label>
    </fieldset>
  );
}
