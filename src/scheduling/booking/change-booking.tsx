import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/toast";
import { ReschedulePicker } from "./reschedule-picker";
import type { Booking } from "./types";

/** Reschedule and Cancel, from the confirmation itself (the same rules as on her booked slots: up to 12 hours before). */
export function ChangeBooking({ booking, zone }: { booking: Booking; zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const [asking, setAsking] = useState(false);
  const cancel = useMutation(
    trpc.scheduling.cancel.mutationOptions({
      onSuccess: async () => {
        setAsking(false);
        toast.success(t`Booking cancelled`);
        await navigate({ to: "/mentees/booked-slots" });
        await Promise.all([
          queryClient.invalidateQueries(trpc.scheduling.pathFilter()),
          queryClient.invalidateQueries(trpc.subscriptions.pathFilter()),
        ]);
      },
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );
  const when = dateTime(booking.start, zone);
  const mentorName = booking.mentorName;
  if (!booking.canCancel && !booking.canReschedule)
    return (
      <p className="text-sm text-slate-600">
        <Trans>Starts within 12 hours: message your mentor to change it.</Trans>
      </p>
    );
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
      {booking.canReschedule ? (
        <Button variant="outline" onClick={() => setMoving(true)}>
          <Trans>Reschedule</Trans>
        </Button>
      ) : null}
      {booking.canCancel ? (
        <Button variant="outline" disabled={cancel.isPending} onClick={() => setAsking(true)}>
          <Trans>Cancel booking</Trans>
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t`Cancel this session?`}
        description={t`Your session on ${when} with ${mentorName} is cancelled, the time opens for others and the call goes back to your plan.`}
        confirmLabel={t`Cancel booking`}
        reasonLabel={t`Reason (optional). Your mentor will see this`}
        destructive
        pending={cancel.isPending}
        onConfirm={(reason) => cancel.mutate({ slotId: booking.id, reason: reason || undefined })}
      />
      <ReschedulePicker
        booking={booking}
        zone={zone}
        open={moving}
        onOpenChange={setMoving}
        onMoved={(slotId) => navigate({ to: "/mentees/booking-confirmed/$slotId", params: { slotId } })}
      />
    </div>
  );
}
