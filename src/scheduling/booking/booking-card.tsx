import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SessionOutcomeLine } from "@/attendance/session-outcome";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { SlotTime } from "@/scheduling/slot-time";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/toast";
import { BookingAgenda } from "./booking-agenda";
import { HistoryList } from "./history-list";
import { useIcsDownload } from "./ics-download";
import { JoinOpensNote, JoinSessionLink } from "./join-session-link";
import { ReschedulePicker } from "./reschedule-picker";
import type { Booking } from "./types";

/**
 * One booked session on her booked slots: time (hers and the mentor's), agenda, history; for upcoming
 * ones Join, Add to calendar, Reschedule and Cancel (asked first, with a reason the mentor sees), and
 * the mentor's request to move it with "Pick a new time" and "I can't make another time".
 */
export function BookingCard({ booking: b, zone, upcoming }: { booking: Booking; zone: string; upcoming: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const download = useIcsDownload();
  const [asking, setAsking] = useState<"cancel" | "decline" | null>(null);
  const [moving, setMoving] = useState(false);
  const cancel = useMutation(
    trpc.scheduling.cancel.mutationOptions({
      onSuccess: async () => {
        setAsking(null);
        toast.success(t`Booking cancelled`);
        await Promise.all([
          queryClient.invalidateQueries(trpc.scheduling.pathFilter()),
          queryClient.invalidateQueries(trpc.subscriptions.pathFilter()),
        ]);
      },
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );
  const request = upcoming ? b.rescheduleRequest : null;
  const when = dateTime(b.start, zone);
  const mentorName = b.mentorName;
  const requestMessage = request?.message;

  return (
    <Card className={request ? "ring-2 ring-amber-400" : undefined}>
      <CardContent className="grid gap-3 pt-6">
        {request ? (
          <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <p className="font-medium">
              {requestMessage ? (
                <Trans>
                  {mentorName} asked to move this session: {requestMessage}
                </Trans>
              ) : (
                <Trans>{mentorName} asked to move this session.</Trans>
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setMoving(true)}>
                <Trans>Pick a new time</Trans>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking("decline")}>
                <Trans>I can't make another time</Trans>
              </Button>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <p className="font-semibold text-slate-900">
              {b.type === "trial" ? <Trans>Free intro call with {mentorName}</Trans> : <Trans>Session with {mentorName}</Trans>}
            </p>
            <SlotTime start={b.start} zone={zone} otherZone={b.mentorTimeZone} otherLabel={t`Mentor's time`} />
            {b.title ? <p className="text-sm text-slate-700">{b.title}</p> : null}
            <BookingAgenda slotId={b.id} agenda={b.agenda} start={b.start} mentorFirstName={b.mentorName.split(" ")[0]} />
          </div>
          {upcoming ? (
            <div className="flex flex-wrap gap-2">
              <JoinSessionLink
                slotId={b.id}
                type={b.type}
                start={b.start}
                end={b.end}
                later={<JoinOpensNote className="self-center text-sm text-slate-600" />}
              />
              <Button variant="outline" onClick={() => void download(b)}>
                <Trans>Add to calendar (.ics)</Trans>
              </Button>
              {b.canReschedule && !request ? (
                <Button variant="outline" onClick={() => setMoving(true)}>
                  <Trans>Reschedule</Trans>
                </Button>
              ) : null}
              {b.canCancel ? (
                <Button variant="outline" disabled={cancel.isPending} onClick={() => setAsking("cancel")}>
                  <Trans>Cancel booking</Trans>
                </Button>
              ) : request ? null : (
                <span className="self-center text-sm text-slate-600">
                  <Trans>Starts within 12 hours: message your mentor to change it.</Trans>
                </span>
              )}
            </div>
          ) : null}
        </div>
        {b.attendance ? (
          <SessionOutcomeLine
            slotId={b.id}
            attendance={b.attendance}
            viewer="mentee"
            otherName={b.mentorName}
            zone={zone}
            mentorId={b.mentorId}
            session={{ type: b.type, start: b.start }}
          />
        ) : null}
        <HistoryList events={b.history} zone={zone} />
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === "decline" ? t`Cancel instead of moving?` : t`Cancel this session?`}
        description={
          asking === "decline"
            ? t`Your session on ${when} with ${mentorName} is cancelled and the call goes back to your plan.`
            : t`Your session on ${when} with ${mentorName} is cancelled, the time opens for others and the call goes back to your plan.`
        }
        confirmLabel={asking === "decline" ? t`Cancel and get my call back` : t`Cancel booking`}
        reasonLabel={t`Reason (optional). Your mentor will see this`}
        destructive
        pending={cancel.isPending}
        onConfirm={(reason) =>
          cancel.mutate({ slotId: b.id, reason: reason || (asking === "decline" ? "I can't make another time." : undefined) })
        }
      />
      {upcoming ? <ReschedulePicker booking={b} zone={zone} open={moving} onOpenChange={setMoving} /> : null}
    </Card>
  );
}
