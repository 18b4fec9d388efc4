import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";
import { useId } from "react";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { cn } from "@/ui/class-names";

/** A 1-5 star choice as a radio group ("1 star" … "5 stars"); arrow keys move between stars. */
export function StarRatingInput({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: number;
  onChange: (stars: number) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="relative rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={t`${plural(stars, { one: "# star", other: "# stars" })}`}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <Star aria-hidden="true" className={cn("size-7", stars <= value ? "fill-amber-400 text-amber-400" : "text-slate-300")} />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {translateServerMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
