import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";
import { AddSlotForm, type SlotDraft } from "./add-slot-form";
import { PublishCellDialog } from "./publish-cell-dialog";
import { type Anchor, SlotDetails } from "./slot-details";
import { scrollTimeFor } from "./weekly-hours";

/** FullCalendar is a large chunk: loaded only here, after the page itself; with his calendars' busy time behind the slots (ADR 0040). */
const SlotCalendar = lazy(() => import("@/scheduling/slot-calendar"));

/**
 * The scheduler's calendar: the week of slots (opened at the mentor's working hours), the "Add a slot" form after it
 * (below on a phone, beside on a wide screen), a confirmation before a clicked empty time is published, and a slot's
 * details beside it (a sheet at the bottom on a phone).
 */
export function CalendarSection({ zone }: { zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [proposed, setProposed] = useState<Date | null>(null);
  const [selected, setSelected] = useState<{ id: string; anchor: Anchor } | null>(null);
  const slots = useQuery(trpc.scheduling.mySlots.queryOptions());
  // The calendar waits for the account's zone, so it never draws a first frame in the browser's,
  // and for the weekly hours, so it opens scrolled to them.
  const accountZone = useQuery(trpc.scheduling.timeZone.queryOptions());
  const availability = useQuery(trpc.scheduling.availability.queryOptions());
  const publish = useMutation(
    trpc.scheduling.publish.mutationOptions({
      onSuccess: async (created) => {
        const count = created.length;
        toast.success(t({ message: "Slot allocated successfully", context: "published" }), {
          description: count > 1 ? t`${count} weekly slots published.` : undefined,
        });
        setProposed(null);
        await queryClient.invalidateQueries(trpc.scheduling.pathFilter());
      },
      onError: (error) => toast.error(t`Slot allotment failed`, { description: apiError(error)?.message }),
    }),
  );
  const publishDraft = (d: SlotDraft) =>
    publish.mutate({ slotDetails: { start: d.start.toISOString(), title: d.title, description: d.description, weeks: d.weeks } });
  // The details follow the list: a refetch (a push, an action) shows the slot as it is now; a deleted slot closes them.
  const selectedSlot = selected ? (slots.data?.find((s) => s.id === selected.id) ?? null) : null;

  return (
    // The calendar first, on a phone above the form and on a wide screen beside it, in reading order both ways.
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0">
        {slots.isPending || accountZone.isPending || availability.isPending ? (
          // As tall as the calendar will be (slot-calendar.tsx): the form after it stays where it is while it loads.
          <Skeleton role="status" aria-label={t`Loading your slots`} className="h-[70vh] w-full" />
        ) : slots.isError ? (
          <LoadError what={t`your slots`} onRetry={() => void slots.refetch()} />
        ) : (
          <>
            {slots.data.length === 0 ? (
              <p className="mb-3 text-slate-700">{t`You have no slots yet. Set your weekly hours, click a time, or use the form to publish your first one.`}</p>
            ) : null}
            <Suspense fallback={<Skeleton role="status" aria-label={t`Loading the calendar`} className="h-[70vh] w-full" />}>
              <SlotCalendar
                zone={zone}
                slots={slots.data}
                scrollTime={scrollTimeFor(availability.data?.weeklyHours)}
                onPickTime={setProposed}
                onPastTime={() =>
                  toast.error(t`Slot allotment failed`, { description: t`This time has already passed. Choose a time in the future.` })
                }
                onPickSlot={(slot, anchor) => setSelected({ id: slot.id, anchor })}
              />
            </Suspense>
          </>
        )}
      </div>
      <Card className="h-fit">
        <CardContent className="pt-6">
          <AddSlotForm zone={zone} pending={publish.isPending} onPublish={publishDraft} />
        </CardContent>
      </Card>
      <PublishCellDialog
        key={proposed?.getTime() ?? "none"}
        start={proposed}
        zone={zone}
        pending={publish.isPending}
        onClose={() => setProposed(null)}
        onPublish={publishDraft}
      />
      <SlotDetails slot={selectedSlot} anchor={selected?.anchor ?? null} zone={zone} onClose={() => setSelected(null)} />
    </div>
  );
}
