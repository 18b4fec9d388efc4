import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { SlotTime } from "@/scheduling/slot-time";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/ui/dialog";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";
import { SlotPicker } from "./slot-picker";
import { type Booking, holdsOf, type OpenSlot } from "./types";

/** "Reschedule": the mentor's bookable times on the month calendar, one chosen, then confirmed; the booking moves in one step. */
export function ReschedulePicker({
  booking,
  zone,
  open,
  onOpenChange,
  onMoved,
}: {
  booking: Booking;
  zone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the move (the booking is on `slotId` now): "You're booked" follows it there. */
  onMoved?: (slotId: string) => void | Promise<void>;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schedule = useQuery({ ...trpc.scheduling.mentorSchedule.queryOptions({ mentorId: booking.mentorId }), enabled: open });
  const [picked, setPicked] = useState<OpenSlot | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setPicked(null);
      setProblem(null);
    }
    onOpenChange(next);
  };
  const move = useMutation(
    trpc.scheduling.reschedule.mutationOptions({
      onSuccess: async (moved) => {
        const now = dateTime(moved.start, zone);
        toast.success(t`Session moved`, { description: t`Now ${now}. Your mentor has been told.` });
        close(false);
        // The lists start refreshing before the page follows the booking, so the page at its new time waits for them
        // (it never says the booking is gone while they load); the old time's page is left before they arrive.
        const refreshed = Promise.all([
          queryClient.invalidateQueries(trpc.scheduling.pathFilter()),
          queryClient.invalidateQueries(trpc.subscriptions.pathFilter()),
        ]);
        await onMoved?.(moved.id);
        await refreshed;
      },
      onError: async (error) => {
        setProblem(apiError(error)?.message ?? t`Please check your connection and try again.`);
        setPicked(null);
        await queryClient.invalidateQueries(trpc.scheduling.mentorSchedule.queryFilter({ mentorId: booking.mentorId }));
      },
    }),
  );
  const slots = (schedule.data?.timeSlots ?? []).filter((s) => s.id !== booking.id);
  const current = dateTime(booking.start, zone);
  const mentorName = booking.mentorName;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>
          <Trans>Pick a new time</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Now: {current} with {mentorName}. Your call stays the same; the old time opens for others.
          </Trans>
        </DialogDescription>
        {problem ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        {picked ? (
          <div className="grid gap-3">
            <p className="text-sm text-slate-700">
              <Trans>Move your session to:</Trans>
            </p>
            <SlotTime start={picked.start} zone={zone} otherZone={picked.mentorTimeZone} otherLabel={t`Mentor's time`} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setPicked(null)} disabled={move.isPending}>
                <Trans>Back</Trans>
              </Button>
              <Button disabled={move.isPending} onClick={() => move.mutate({ slotId: booking.id, toSlotId: picked.id })}>
                {move.isPending ? <Trans>Moving…</Trans> : <Trans>Move my session</Trans>}
              </Button>
            </div>
          </div>
        ) : schedule.isPending ? (
          <Skeleton role="status" aria-label={t`Loading open times`} className="h-64 w-full" />
        ) : schedule.isError ? (
          <LoadError what={t`the open times`} onRetry={() => void schedule.refetch()} />
        ) : slots.length === 0 ? (
          <p className="text-slate-700">
            <Trans>{mentorName} has no other open times right now.</Trans>
          </p>
        ) : (
          <SlotPicker slots={slots} zone={zone} holds={holdsOf(schedule.data.heldForMe)} selectedId={null} onPick={setPicked} stacked />
        )}
      </DialogContent>
    </Dialog>
  );
}
