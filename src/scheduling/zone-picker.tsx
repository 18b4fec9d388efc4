import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { zoneLabel } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { toast } from "@/ui/toast";
import { TimeZoneSelect } from "./time-zone-select";

/**
 * The zone a booking page shows times in, chosen on the page (kept in memory while she moves between the booking pages,
 * never stored in the browser: a page the Worker draws is drawn in the account's zone, and the browser's first render
 * must match it). Until she picks one: the account's zone.
 */
let pickedZone: string | null = null;
/** How many mounted pages show times through a picker: the zone notice reads the picked zone only while one is. */
let pickersShown = 0;
const shownListeners = new Set<() => void>();
const tellShown = () => {
  for (const listener of shownListeners) listener();
};

export function useShownZone(): [string, (zone: string) => void] {
  const mine = useMyZone();
  const [picked, setPicked] = useState<string | null>(pickedZone);
  useEffect(() => {
    pickersShown++;
    tellShown();
    return () => {
      pickersShown--;
      tellShown();
    };
  }, []);
  const pick = (zone: string) => {
    pickedZone = zone === mine ? null : zone;
    setPicked(pickedZone);
    tellShown();
  };
  return [picked ?? mine, pick];
}

/**
 * The zone this page's picker shows times in, when it shows them in another zone than the account's; null otherwise
 * (no picker on the page, or the account's zone picked), so the zone notice names the zone the page really uses.
 */
export function usePickedZoneOnPage(): string | null {
  return useSyncExternalStore(
    (listener) => {
      shownListeners.add(listener);
      return () => void shownListeners.delete(listener);
    },
    () => (pickersShown > 0 ? pickedZone : null),
    () => null,
  );
}

/** Saves a zone as the account's (every page then shows it); the zone query is answered with what was saved. */
export function useSaveZone(role: "mentee" | "mentor") {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.scheduling.setTimeZone.mutationOptions({
      onSuccess: async (answer) => {
        queryClient.setQueryData(trpc.scheduling.timeZone.queryKey(), answer);
        const name = zoneLabel(answer.timeZone);
        toast.success(t`Time zone saved`, { description: t`Times are now shown in ${name}.` });
        await queryClient.invalidateQueries(role === "mentee" ? trpc.mentees.pathFilter() : trpc.scheduling.pathFilter());
      },
      onError: (error) => toast.error(t`Time zone not saved`, { description: apiError(error)?.message }),
    }),
  );
}

/**
 * "Times shown in [zone]" where times are chosen and read (her schedule, her booked slots, "You're booked"): picking a zone
 * shows every time on the page in it at once; "Make it my time zone" saves it to her account.
 */
export function ZonePicker({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const trpc = useTRPC();
  const saved = useQuery(trpc.scheduling.timeZone.queryOptions()).data?.timeZone ?? null;
  const save = useSaveZone("mentee");
  const shown = zoneLabel(zone);
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="zone-picker">
      <label htmlFor={id} className="grid min-w-0 flex-1 gap-1 text-sm font-medium text-slate-800 sm:max-w-sm">
        <Trans>Times shown in</Trans>
        <TimeZoneSelect id={id} current={zone} listAfterMount value={zone} onChange={(e) => onChange(e.target.value)} />
      </label>
      {saved !== null && zone !== saved ? (
        <Button
          variant="outline"
          disabled={save.isPending}
          onClick={() => save.mutate({ timeZone: zone }, { onSuccess: () => onChange(zone) })}
          aria-label={t`Make ${shown} my time zone`}
        >
          <Trans>Make it my time zone</Trans>
        </Button>
      ) : null}
    </div>
  );
}
