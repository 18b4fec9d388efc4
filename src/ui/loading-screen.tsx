import { Trans } from "@lingui/react/macro";
import { Spinner } from "./spinner";

export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-700">
      <Spinner className="size-8 text-indigo-600" />
      <p>
        <Trans>Loading...</Trans>
      </p>
    </div>
  );
}
