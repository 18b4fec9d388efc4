import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { apiError } from "@/lib/api-error";
import { useTRPC } from "@/lib/trpc";
import { allZones, browserZone, zoneLabel } from "@/lib/zoned";
import { useMyZone } from "./schedule-bits";
import { Button } from "./ui/button";
import { Card, CardContent } from "./ui/card";

/** The account's IANA time zone: every session time is shown in it. */
export function TimeZoneSetting() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const zone = useMyZone();
  const [choice, setChoice] = useState<string | null>(null);
  const id = useId();
  const save = useMutation(
    trpc.scheduling.setTimeZone.mutationOptions({
      onSuccess: async () => {
        toast.success("Time zone saved");
        setChoice(null);
        await queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes("scheduling") });
      },
      onError: (error) => toast.error("Something went wrong", { description: apiError(error)?.message }),
    }),
  );
  const value = choice ?? zone;
  return (
    <Card className="mt-6">
      <CardContent className="grid gap-3 pt-6">
        <h2 className="font-semibold text-slate-900">Time zone</h2>
        <p className="text-sm text-slate-600">Session times are shown in this zone. Now: {zoneLabel(zone)}.</p>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ timeZone: value });
          }}
        >
          <label htmlFor={id} className="sr-only">
            Time zone
          </label>
          <select id={id} value={value} onChange={(e) => setChoice(e.target.value)} className="min-w-0 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
            {allZones().map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline" disabled={save.isPending || value === zone}>
            Save
          </Button>
          {browserZone() !== zone ? (
            <Button type="button" variant="ghost" onClick={() => save.mutate({ timeZone: browserZone() })}>
              Use this device's ({browserZone()})
            </Button>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
