import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";
import { formatIn, WEEKDAY_DATE_TIME } from "../../../shared/zoned-time";
import { AddTimeOffForm, type TimeOffDraft } from "./add-time-off-form";
import { BookingsChoice } from "./time-off-bookings-choice";

type Preview = {
  draft: TimeOffDraft;
  bookings: { id: string; start: string; menteeName: string | null }[];
  openSlots: number;
  changed: boolean;
};

export const dayLabel = (day: string) =>
  formatIn(day, "ddd, MMM D, YYYY", { weekday: "short", month: "short", day: "numeric", year: "numeric" });
const periodLabel = (first: string, last: string) => (first === last ? dayLabel(first) : `${dayLabel(first)} – ${dayLabel(last)}`);
const countOf = (open: unknown) => (typeof open === "number" ? open : Array.isArray(open) ? open.length : 0);

/**
 * The mentor's time off (ADR 0023): the periods he is away, each removable; a new period is previewed
 * first, and a confirmation lists the bookings it cancels and the open slots it removes. If bookings
 * changed meanwhile (the server answers 409 with the fresh list), the list is shown again and he is asked again.
 */
export function TimeOffList({ zone }: { zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const periods = useQuery(trpc.scheduling.timeOff.queryOptions());
  const [preview, setPreview] = useState<Preview | null>(null);
  const [removing, setRemoving] = useState<{ id: string; label: string } | null>(null);
  const [checking, setChecking] = useState(false);
  // What happens to the bookings inside: each mentee asked to pick another time (first, the kinder choice), or cancelled.
  const [handling, setHandling] = useState<"ask" | "cancel">("ask");
  const refresh = () => queryClient.invalidateQueries(trpc.scheduling.pathFilter());

  const showPreview = async (draft: TimeOffDraft, changed = false) => {
    setChecking(true);
    try {
      const found = await queryClient.fetchQuery({
        ...trpc.scheduling.previewTimeOff.queryOptions({ firstDay: draft.firstDay, lastDay: draft.lastDay }),
        staleTime: 0,
      });
      setPreview({ draft, bookings: found.bookings, openSlots: countOf(found.openSlots), changed });
    } catch (error) {
      toast.error(t`Time off not added`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` });
    } finally {
      setChecking(false);
    }
  };

  const add = useMutation(
    trpc.scheduling.addTimeOff.mutationOptions({
      onSuccess: async (r) => {
        const { cancelled, asked, removed } = r;
        toast.success(
          asked > 0
            ? t`${plural(asked, { one: "# mentee asked to move their session", other: "# mentees asked to move their sessions" })}`
            : t`${plural(cancelled, { one: "# booking cancelled", other: "# bookings cancelled" })}`,
          { description: t`Time off added; ${plural(removed, { one: "# open slot", other: "# open slots" })} removed.` },
        );
        setPreview(null);
        await refresh();
      },
      onError: (error) => {
        const failure = apiError(error);
        const fresh = failure?.details.bookings;
        if (failure?.status === 409 && preview && Array.isArray(fresh)) {
          // The bookings in the period changed since the preview: show the fresh list and ask again.
          setPreview({
            ...preview,
            bookings: fresh as Preview["bookings"],
            openSlots: countOf(failure.details.openSlots ?? preview.openSlots),
            changed: true,
          });
          // The open slots may have changed too (one was just booked): read the preview again.
          void showPreview(preview.draft, true);
          return;
        }
        toast.error(t`Time off not added`, { description: failure?.message ?? t`Please check your connection and try again.` });
      },
    }),
  );
  const remove = useMutation(
    trpc.scheduling.removeTimeOff.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Time off removed`, { description: t`Your weekly hours apply again on those days.` });
        setRemoving(null);
        await refresh();
      },
      onError: (error) =>
        toast.error(t`Time off not removed`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` }),
    }),
  );

  const previewLabel = preview ? periodLabel(preview.draft.firstDay, preview.draft.lastDay) : "";
  const bookingCount = preview?.bookings.length ?? 0;
  const openSlots = preview?.openSlots ?? 0;
  const removingLabel = removing?.label ?? "";
  return (
    <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
      <Card className="h-fit">
        <CardContent className="pt-6">
          <AddTimeOffForm zone={zone} pending={checking || add.isPending} onSubmit={(draft) => void showPreview(draft)} />
        </CardContent>
      </Card>
      <section aria-labelledby="time-off-title" className="grid h-fit gap-3">
        <h2 id="time-off-title" className="font-semibold text-slate-900">
          <Trans>Your time off</Trans>
        </h2>
        {periods.isPending ? (
          <Skeleton role="status" aria-label={t`Loading your time off`} className="h-24 w-full" />
        ) : periods.isError ? (
          <LoadError what={t`your time off`} onRetry={() => void periods.refetch()} />
        ) : periods.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No time off planned. Add a period when you are away: no slots are offered then.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t`Time off periods`}>
            {periods.data.map((p) => {
              const label = periodLabel(p.firstDay, p.lastDay);
              return (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
                >
                  <span className="grid min-w-0">
                    <span className="font-medium text-slate-900">{label}</span>
                    {p.note ? <span className="break-words text-sm text-slate-600">{p.note}</span> : null}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Remove time off ${label}`}
                    onClick={() => setRemoving({ id: p.id, label })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={preview !== null}
        onOpenChange={(open) => (open ? undefined : setPreview(null))}
        title={preview ? t`Take ${previewLabel} off?` : t`Take time off?`}
        description={
          preview?.changed
            ? t`The bookings in this period changed since you looked. Please check the list again.`
            : preview && preview.bookings.length > 0
              ? t`These sessions fall in this period. Choose what each mentee gets.`
              : t`No bookings fall in this period.`
        }
        confirmLabel={
          preview && preview.bookings.length > 0
            ? handling === "ask"
              ? t`Ask ${plural(bookingCount, { one: "# mentee", other: "# mentees" })} to move and add time off`
              : t`Cancel ${plural(bookingCount, { one: "# booking", other: "# bookings" })} and add time off`
            : t`Add time off`
        }
        destructive={(preview?.bookings.length ?? 0) > 0 && handling === "cancel"}
        pending={add.isPending}
        onConfirm={() =>
          preview &&
          add.mutate({
            firstDay: preview.draft.firstDay,
            lastDay: preview.draft.lastDay,
            note: preview.draft.note || undefined,
            confirmedBookingIds: preview.bookings.map((b) => b.id),
            bookings: handling,
          })
        }
      >
        {preview && preview.bookings.length > 0 ? (
          <>
            <BookingsChoice value={handling} onChange={setHandling} note={preview.draft.note} />
            <ul
              className="grid max-h-60 gap-1 overflow-y-auto text-sm text-slate-800"
              aria-label={handling === "ask" ? t`Mentees who will be asked to move` : t`Bookings that will be cancelled`}
            >
              {preview.bookings.map((b) => (
                <li key={b.id} className={`rounded-md px-2 py-1 ${handling === "ask" ? "bg-amber-50" : "bg-red-50"}`}>
                  {b.menteeName ?? t`A mentee`}, {formatIn(b.start, "ddd, MMM D, h:mm a", WEEKDAY_DATE_TIME, zone)}:{" "}
                  {handling === "ask" ? t`asked to pick another time` : t`cancelled, the call back in their plan`}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {preview ? (
          <p className="text-sm text-slate-700">
            {openSlots === 0
              ? t`No open slots are removed.`
              : t`${plural(openSlots, { one: "# open slot will be removed.", other: "# open slots will be removed." })}`}
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing ? t`Remove time off ${removingLabel}?` : t`Remove time off?`}
        description={t`Your weekly hours apply again on those days: their open slots are published again. Cancelled bookings stay cancelled.`}
        confirmLabel={t`Remove time off`}
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ timeOffId: removing.id })}
      />
    </div>
  );
}
