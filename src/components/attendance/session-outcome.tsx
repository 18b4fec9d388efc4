import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ReasonDialog } from "@/components/moderation/reason-dialog";
import { Button } from "@/components/ui/button";
import { apiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTRPC } from "@/lib/trpc";
import { dateTime } from "@/lib/zoned";
import { DISPUTE_MAX } from "../../../shared/validation/attendance";
import { outcomeLabel, type Party, type SessionOutcome } from "../../../shared/attendance";

export type Attendance = {
  outcome: SessionOutcome;
  at: string;
  disputed: boolean;
  disputeUntil: string | null;
};

const TONE: Record<SessionOutcome, string> = {
  completed: "bg-emerald-100 text-emerald-900",
  mentee_no_show: "bg-amber-100 text-amber-950",
  mentor_no_show: "bg-amber-100 text-amber-950",
  both_no_show: "bg-slate-200 text-slate-800",
};

/**
 * How a past session ended (issue 26), as one of its two participants reads it: the outcome, and
 * within 24 hours a "Dispute" that asks what happened before it goes to the moderators. A mentee whose
 * mentor did not come is offered another time with him.
 */
export function SessionOutcomeLine({
  slotId,
  attendance: a,
  viewer,
  otherName,
  zone,
  mentorId,
}: {
  slotId: string;
  attendance: Attendance;
  viewer: Party;
  otherName: string;
  zone: string;
  mentorId?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dispute = useMutation(
    trpc.attendance.dispute.mutationOptions({
      onSuccess: async (result) => {
        toast.success("Dispute sent", { description: result.message });
        await queryClient.invalidateQueries(trpc.scheduling.pathFilter());
        await queryClient.invalidateQueries(trpc.attendance.pathFilter());
      },
      onError: (error) =>
        toast.error("Something went wrong", {
          description: apiError(error)?.message,
        }),
    }),
  );
  const missedByMentor = a.outcome === "mentor_no_show";
  return (
    <div className="grid gap-2" data-testid="session-outcome">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 font-medium ${TONE[a.outcome]}`}>{outcomeLabel(a.outcome, viewer, otherName)}</span>
        {a.disputed ? <span className="text-slate-700">Disputed: a moderator is looking into it.</span> : null}
        {viewer === "mentee" && missedByMentor ? <span className="text-slate-700">The call is back in your plan.</span> : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {viewer === "mentee" && missedByMentor && mentorId ? (
          <Button asChild size="sm">
            <Link to="/mentees/schedules" search={{ mentorId }}>
              Book another time
            </Link>
          </Button>
        ) : null}
        {a.disputeUntil ? (
          <ReasonDialog
            trigger={(open) => (
              <Button size="sm" variant="outline" onClick={open}>
                Dispute <span className="sr-only">the outcome of this session</span>
              </Button>
            )}
            title="Dispute this outcome?"
            description={`Recorded as "${outcomeLabel(a.outcome, viewer, otherName)}". A moderator reads what you write, sees what the call recorded and decides; you can dispute once, until ${dateTime(a.disputeUntil, zone)}.`}
            label="What happened?"
            optional
            hint={`At most ${DISPUTE_MAX} characters. ${otherName} is told the moderator's decision, not your words.`}
            max={DISPUTE_MAX}
            confirmLabel="Send dispute"
            onConfirm={(what) => dispute.mutateAsync({ slotId, what })}
          />
        ) : null}
      </div>
    </div>
  );
}
