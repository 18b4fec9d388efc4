import { Trans, useLingui } from "@lingui/react/macro";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, useCallback, useState } from "react";
import { SessionOutcomeLine } from "@/attendance/session-outcome";
import { GoLiveLink } from "@/live/go-live-link";
import { apiError } from "@/platform/api-error";
import type { SlotView } from "@/platform/api-types";
import { useTRPC } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { SlotTime } from "@/scheduling/slot-time";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { DialogCloseButton, useFocusReturn } from "@/ui/dialog";
import { TextWithLinks } from "@/ui/text-with-links";
import { toast } from "@/ui/toast";
import { AskRescheduleDialog } from "./ask-reschedule-dialog";
import { SlotHistory } from "./slot-history";

/** Where the slot's event is on screen, to open the details beside it. */
export type Anchor = { top: number; left: number; right: number; bottom: number };

const WIDTH = 360;
const GAP = 8;
/**
 * Below the week's width (a phone, a tablet: the calendar shows a list or three days), a 360 px panel beside the slot
 * would cover the days being chosen: the details are a sheet along the bottom instead (slot-calendar.tsx's WIDE).
 */
const SHEET_BELOW = 1024;

/**
 * Beside the slot (right of it, else left), vertically centred on it and kept on screen once its height
 * is known. On a phone or a tablet, where "beside" covers the other days, a sheet along the bottom, at most 55% of
 * the screen high (it scrolls inside): the calendar's days and the slot (scrolled to the top) stay in view above it.
 */
function placement(anchor: Anchor | null, height: number): CSSProperties {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  if (vw < SHEET_BELOW)
    return {
      left: 0,
      right: 0,
      bottom: 0,
      width: "100%",
      maxWidth: "none",
      maxHeight: "55dvh",
      borderBottomLeftRadius: 0,
      borderBottomRightRadius: 0,
    };
  if (!anchor) return { left: "50%", top: "50%", transform: "translate(-50%, -50%)", maxHeight: `${vh - 32}px` };
  const left = anchor.right + GAP + WIDTH <= vw - 16 ? anchor.right + GAP : Math.max(16, anchor.left - GAP - WIDTH);
  const middle = (anchor.top + anchor.bottom) / 2;
  const top = Math.max(16, Math.min(middle - height / 2, vh - height - 16));
  return { left: `${left}px`, top: `${top}px`, maxHeight: `${vh - 32}px` };
}

/**
 * A slot's details, opened beside its event on the calendar (ADR 0023), as a modal dialog that holds
 * focus and closes with Escape: the time (and the mentee's), state, title, agenda, where the slot came
 * from, the booking's history, and the actions: delete (asking first; a booked slot with a reason the
 * mentee reads), ask to reschedule (a required message), Go Live.
 */
export function SlotDetails({
  slot,
  anchor,
  zone,
  onClose,
}: {
  slot: SlotView | null;
  anchor: Anchor | null;
  zone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  // Its own clock (every 30 s): a slot that starts while the details are open stops offering what only a future slot can; the calendar behind is not drawn again.
  const now = useNow(30_000);
  // Closed, the focus goes back to the calendar event that opened it.
  const focusReturn = useFocusReturn({});
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<"delete" | "reschedule" | null>(null);
  // The dialog's height (it grows when the history loads), to keep it beside the slot and on screen.
  const [height, setHeight] = useState(0);
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const booked = slot?.state === "booked";
  const future = slot ? new Date(slot.start).getTime() > now : false;
  const history = useQuery({
    ...trpc.scheduling.bookingHistory.queryOptions({ slotId: slot?.id ?? "" }),
    enabled: Boolean(slot && booked),
  });
  const refresh = () => queryClient.invalidateQueries(trpc.scheduling.pathFilter());
  const menteeName = slot?.menteeName ?? null;
  const requestMessage = slot?.rescheduleRequest?.message ?? null;
  const stateLine = (slot: SlotView) => {
    if (slot.state === "past") return t`Past, not booked`;
    if (slot.state !== "booked") return t({ message: "Open", context: "slot" });
    const trial = slot.type === "trial";
    if (menteeName === null) return trial ? t`Booked by a mentee (free intro call)` : t`Booked by a mentee`;
    return trial ? t`Booked by ${menteeName} (free intro call)` : t`Booked by ${menteeName}`;
  };
  const remove = useMutation(
    trpc.scheduling.deleteSlot.mutationOptions({
      onSuccess: async (r) => {
        toast.success(t`Slot Deleted`, {
          description: r.cancelledBooking ? t`The mentee was told and the call is back in their plan.` : undefined,
        });
        setConfirming(null);
        onClose();
        await refresh();
      },
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );
  const ask = useMutation(
    trpc.scheduling.askReschedule.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Reschedule requested`, { description: t`The mentee was told and can pick another time.` });
        setConfirming(null);
        await refresh();
      },
      onError: (error) => toast.error(t`Request not sent`, { description: apiError(error)?.message }),
    }),
  );

  return (
    <>
      <DialogPrimitive.Root open={slot !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/20" />
          <DialogPrimitive.Content
            ref={measure}
            style={slot ? placement(anchor, height) : undefined}
            className="fixed z-50 grid w-[calc(100%-2rem)] max-w-[360px] gap-3 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-xl focus-visible:outline-none"
            data-testid="slot-details"
            {...focusReturn}
          >
            {slot ? (
              <>
                <DialogPrimitive.Title className="pr-6 text-lg font-semibold text-slate-900">
                  <Trans>Slot details</Trans>
                </DialogPrimitive.Title>
                <DialogPrimitive.Description asChild>
                  <div className="grid gap-1 text-sm text-slate-700">
                    <SlotTime start={slot.start} zone={zone} otherZone={slot.menteeTimeZone} otherLabel={t`Mentee's time`} />
                    <p className={booked ? "font-medium text-indigo-800" : undefined}>{stateLine(slot)}</p>
                  </div>
                </DialogPrimitive.Description>
                {slot.rescheduleRequest ? (
                  <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                    <b className="font-semibold">
                      <Trans>Reschedule requested.</Trans>
                    </b>{" "}
                    {requestMessage ? t`You wrote: “${requestMessage}”` : null}
                  </p>
                ) : null}
                <dl className="grid gap-2 text-sm">
                  {slot.title ? <Item term={t`Title`}>{slot.title}</Item> : null}
                  {slot.description ? <Item term={t`Description`}>{slot.description}</Item> : null}
                  {booked ? <Item term={t`Agenda`}>{slot.agenda ? <TextWithLinks text={slot.agenda} /> : t`No agenda given.`}</Item> : null}
                  <Item term={t`Source`}>{slot.source === "hours" ? t`From your weekly hours` : t`Published by you`}</Item>
                </dl>
                {booked && slot.attendance ? (
                  <SessionOutcomeLine
                    slotId={slot.id}
                    attendance={slot.attendance}
                    viewer="mentor"
                    otherName={slot.menteeName ?? t`Mentee`}
                    zone={zone}
                  />
                ) : null}
                {booked ? <SlotHistory history={history} zone={zone} /> : null}
                <div className="flex flex-wrap items-center gap-2">
                  {slot.state !== "past" && future ? (
                    <Button variant="outline" onClick={() => setConfirming("delete")}>
                      {booked ? t`Delete and cancel booking` : t`Delete slot`}
                    </Button>
                  ) : null}
                  {booked && future ? (
                    <Button variant="outline" onClick={() => setConfirming("reschedule")}>
                      <Trans>Ask to reschedule</Trans>
                    </Button>
                  ) : null}
                  {booked ? <GoLiveLink slot={slot} size="default" /> : null}
                </div>
              </>
            ) : null}
            <DialogCloseButton />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <ConfirmDialog
        open={slot !== null && confirming === "delete"}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={booked ? t`Delete this slot and cancel the booking?` : t`Delete this open slot?`}
        description={
          booked
            ? menteeName !== null
              ? t`${menteeName} is told at once and gets the call back in their plan.`
              : t`The mentee is told at once and gets the call back in their plan.`
            : t`Mentees can no longer book it.`
        }
        reasonLabel={booked ? t`Reason (optional, the mentee sees it)` : undefined}
        confirmLabel={booked ? t`Delete and cancel booking` : t`Delete slot`}
        destructive
        pending={remove.isPending}
        onConfirm={(reason) => slot && remove.mutate({ slotId: slot.id, reason: reason || undefined })}
      />
      <AskRescheduleDialog
        open={slot !== null && confirming === "reschedule"}
        menteeName={slot?.menteeName ?? null}
        pending={ask.isPending}
        onClose={() => setConfirming(null)}
        onSend={(message) => slot && ask.mutate({ slotId: slot.id, message })}
      />
    </>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="break-words text-slate-700">{children}</dd>
    </div>
  );
}
