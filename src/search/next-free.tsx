import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { DRAWN_ZONE, LOCAL_TIME_ATTRIBUTE, nextFreeWords } from "./next-free-words";

const unchanging = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Next free: Tue, 1 Dec, 6:00 pm" on a mentor's card and profile, in the reader's zone, so a visitor sees when he can
 * be booked before signing in. Drawn by the Worker in DRAWN_ZONE, then by the browser in its own (no hydration mismatch:
 * the first render uses the drawn zone too). Nothing when he has no open time.
 */
export function NextFree({ at, className = "text-sm" }: { at: string | null | undefined; className?: string }) {
  const { i18n } = useLingui();
  const zone = useSyncExternalStore(unchanging, browserZone, () => DRAWN_ZONE);
  if (!at) return null;
  const words = nextFreeWords(at, zone, i18n.locale);
  return (
    <p className={`text-emerald-800 ${className}`} data-testid="mentor-next-free">
      <span>
        <Trans>
          Next free:{" "}
          <time dateTime={at} {...{ [LOCAL_TIME_ATTRIBUTE]: "" }}>
            {words}
          </time>
        </Trans>
      </span>
    </p>
  );
}
