import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Button } from "./button";

/** An action of a feature not built yet: focusable but inert, with a "Coming soon" tooltip on hover and focus. */
export function ComingSoonButton({ children }: { children: ReactNode }) {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <Button
        type="button"
        variant="outline"
        aria-disabled="true"
        aria-describedby={tipId}
        className="w-full cursor-not-allowed opacity-60"
      >
        {children}
      </Button>
      <span
        role="tooltip"
        id={tipId}
        className="pointer-events-none absolute bottom-full left-1/2 mb-1 -translate-x-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
      >
        <Trans>Coming soon</Trans>
      </span>
    </span>
  );
}
