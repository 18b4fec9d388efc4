import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import { useRef, useSyncExternalStore } from "react";
import { useSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { preferredZone } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { useHeightVariable } from "@/ui/use-height-variable";
import { zoneOffsetMinutes } from "../../shared/zoned-time";
import { usePickedZoneOnPage, useSaveZone } from "./zone-picker";

const KEPT_KEY = "zoneCheckKept";
const DAY = 24 * 60 * 60 * 1000;

/** The device's own zone (never the one a Worker-drawn page was drawn for): null while the Worker draws. */
const deviceZone = () => preferredZone(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Two zones show the same clock now and in half a year (Paris and Berlin): nothing to tell her. */
function sameClock(a: string, b: string): boolean {
  const now = Date.now();
  return [now, now + 182 * DAY].every((t) => zoneOffsetMinutes(t, a) === zoneOffsetMinutes(t, b));
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** "Keep" is remembered for this account on this device, for this pair of zones: a new trip asks again. */
const keptFor = (who: string) => localStorage.getItem(`${KEPT_KEY}:${who}`);

/**
 * On every signed-in page of a mentee or mentor: when the account's saved zone differs from this device's, a small
 * notice at the bottom of the screen says which zone times are shown in, with "Use <device zone>" (saves it) and
 * "Keep" (not asked again here for this pair of zones). Drawn only by the browser: the Worker cannot know the device's
 * zone.
 */
export function ZoneCheck({ role }: { role: "mentee" | "mentor" }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const id = useSession(role)?.id ?? "";
  // The area's own query (the account's zone, as every time on its pages uses): one read for the page and the notice.
  const saved = useQuery({ ...trpc.scheduling.timeZone.queryOptions(), enabled: Boolean(id) }).data?.timeZone;
  const device = useSyncExternalStore(subscribe, deviceZone, () => null);
  const who = `${role}:${id}`;
  const kept = useSyncExternalStore(
    subscribe,
    () => keptFor(who),
    () => null,
  );
  const save = useSaveZone(role);
  const picked = usePickedZoneOnPage();
  const bar = useRef<HTMLElement>(null);
  // Its height as --zone-bar while it shows, for what fills the screen down to its bottom (the chat's thread and
  // composer), which then ends above the bar instead of under it.
  useHeightVariable(bar, "--zone-bar");
  if (!saved || !device || save.isSuccess) return null;
  const savedZone = preferredZone(saved);
  const pair = `${savedZone}|${device}`;
  if (savedZone === device || kept === pair || sameClock(savedZone, device)) return null;
  // A picker on the page may show the times in another zone than the account's: the notice names that one.
  const pageZone = picked ? preferredZone(picked) : savedZone;
  if (pageZone === device || sameClock(pageZone, device)) return null;
  const keep = () => {
    localStorage.setItem(`${KEPT_KEY}:${who}`, pair);
    for (const listener of listeners) listener();
  };
  // The same content twice: a bar fixed to the bottom of the screen, and an invisible copy in the flow at the page's
  // end that keeps the last of the page clear of it. Shown once the app knows the device's zone, it moves nothing on
  // screen (above the page, it pushed the whole page down as it appeared).
  const content = (shown: boolean) => (
    <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm text-sky-950">
      <Globe aria-hidden className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 basis-60" data-testid={shown ? "zone-check" : undefined}>
        <Trans>
          Times are shown in {pageZone}; your device is in {device}.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={save.isPending} onClick={() => save.mutate({ timeZone: device })}>
          <Trans>Use {device}</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={keep}>
          <Trans>Keep</Trans>
        </Button>
      </div>
    </div>
  );
  return (
    <>
      <div aria-hidden inert className="invisible border-t pb-[env(safe-area-inset-bottom)]">
        {content(false)}
      </div>
      <section
        ref={bar}
        aria-label={t`Time zone`}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-sky-200 bg-sky-50 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
      >
        {content(true)}
      </section>
    </>
  );
}
