import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { cn } from "@/ui/class-names";
import { toast } from "@/ui/toast";

/** "Tell me if an earlier time opens": a switch that joins or leaves the mentor's waitlist, its state from the schedule. */
export function WaitlistToggle({
  mentorId,
  waitlisted,
  nextBooking,
  zone,
}: {
  mentorId: string;
  waitlisted: boolean;
  nextBooking: string | null;
  zone: string;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    onSuccess: () => queryClient.invalidateQueries(trpc.scheduling.mentorSchedule.queryFilter({ mentorId })),
    onError: (error: unknown) =>
      toast.error(t`Something went wrong`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` }),
  };
  const join = useMutation(trpc.scheduling.joinWaitlist.mutationOptions(options));
  const leave = useMutation(trpc.scheduling.leaveWaitlist.mutationOptions(options));
  const pending = join.isPending || leave.isPending;
  const on = pending ? !waitlisted : waitlisted;
  const before = nextBooking ? dateTime(nextBooking, zone) : null;
  return (
    <div className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`waitlist-hint-${mentorId}`}
        disabled={pending}
        onClick={() => (waitlisted ? leave.mutate({ mentorId }) : join.mutate({ mentorId }))}
        className="flex items-center gap-3 text-left font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={cn("relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors", on ? "bg-indigo-600" : "bg-slate-300")}
        >
          <span
            className={cn(
              "absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform",
              on ? "translate-x-5" : "translate-x-0.5",
            )}
          />
        </span>
        {nextBooking ? <Trans>Tell me if an earlier time opens</Trans> : <Trans>Tell me when a time opens</Trans>}
      </button>
      <p id={`waitlist-hint-${mentorId}`} className="basis-full text-sm text-slate-600">
        {on
          ? before
            ? t`You're on the waitlist for a time before ${before}. We'll notify you and hold a freed time for you briefly.`
            : t`You're on the waitlist. We'll notify you and hold a freed time for you briefly.`
          : before
            ? t`Get a notification when a time earlier than your next booking frees up; it is held for you briefly, and you can move your booking there.`
            : t`Get a notification when one of this mentor's times frees up; it is held for you briefly.`}
      </p>
    </div>
  );
}
