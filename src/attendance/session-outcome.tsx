import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTRPC } from "@/platform/trpc";
import { formatDate } from "@/platform/zoned";
import { SessionNotesLink } from "@/session-notes/notes-link";
import { Button } from "@/ui/button";
import { mayDispute, type Party, type SessionOutcome } from "../../shared/attendance";
import { type CallBack, callBackState, canBookAgain, planWith } from "./call-back";

const DisputeDialog = lazy(() => import("./dispute-dialog"));

export type Attendance = { outcome: SessionOutcome; at: string; disputed: boolean; disputeUntil: string | null };

const TONE: Record<SessionOutcome, string> = {
  completed: "bg-emerald-100 text-emerald-900",
  mentee_no_show: "bg-amber-100 text-amber-950",
  mentor_no_show: "bg-amber-100 text-amber-950",
  both_no_show: "bg-slate-200 text-slate-800",
};

/** outcomeLabel (shared/attendance.ts) in the reader's language: the same English, translated at render. */
function outcomeText(outcome: SessionOutcome, viewer: Party, otherName: string): string {
  switch (outcome) {
    case "completed":
      return t`Completed`;
    case "both_no_show":
      return t`Nobody joined`;
    case "mentee_no_show":
      return viewer === "mentee" ? t`Missed: you did not join` : t`Missed: ${otherName} did not join`;
    case "mentor_no_show":
      return viewer === "mentor" ? t`Missed: you did not join` : t`Missed: ${otherName} did not join`;
  }
}

/** What became of the call her mentor missed, in a sentence that is true of her plan now. */
function callBackText(state: CallBack, zone: string): string {
  switch (state.kind) {
    case "intro-back":
      return t`Your intro call with them is yours again.`;
    case "back":
      return t`The call is back in your plan.`;
    case "period-over":
      return t`The missed call was not counted against its period, which is over.`;
    case "plan-ended":
      return t`The missed call was not counted, but your plan has ended: subscribe again to book another session.`;
    case "none-left": {
      if (!state.periodEnd) return t`The missed call was not counted, but all calls of this period are booked.`;
      const date = formatDate(state.periodEnd, zone);
      return state.ending
        ? t`The missed call was not counted, but all calls of this period are booked, and your plan ends on ${date}.`
        : t`The missed call was not counted, but all calls of this period are booked. Your next period starts on ${date}.`;
    }
  }
}

/** A mentee whose mentor did not come: whether the call is back in her plan (from her plan as it is now), and "Book another time" when booking could succeed. */
function MissedCallBack({ session, mentorId, zone }: { session: { type: string; start: string }; mentorId: string; zone: string }) {
  const trpc = useTRPC();
  const plans = useQuery(trpc.subscriptions.mine.queryOptions());
  if (plans.isPending || plans.isError) return null;
  const state = callBackState(session, planWith(plans.data, mentorId));
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="call-back">
        {callBackText(state, zone)}
      </p>
      {canBookAgain(state) ? (
        <div>
          <Button asChild size="sm">
            <Link to="/mentees/schedules" search={{ mentorId }}>
              <Trans>Book another time</Trans>
            </Link>
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * How a past session ended (ADR 0026), as one of its two participants reads it: the outcome, and
 * within 24 hours a "Dispute" that asks first before it goes to the moderators (not of an outcome
 * in one's favour: the other's no-show). A mentee whose mentor did not come is told what became of
 * the call, and offered another time with him when she can book one; a completed session links its
 * notes. `otherName` is the other participant's full name; `session` is the slot's type and start.
 */
export function SessionOutcomeLine({
  slotId,
  attendance: a,
  viewer,
  otherName,
  zone,
  mentorId,
  session,
}: {
  slotId: string;
  attendance: Attendance;
  viewer: Party;
  otherName: string;
  zone: string;
  mentorId?: string;
  session?: { type: string; start: string };
}) {
  const [asking, setAsking] = useState(false);
  const missedByMentor = a.outcome === "mentor_no_show";
  const otherFirstName = otherName.split(" ")[0];
  const recorded = outcomeText(a.outcome, viewer, otherFirstName);
  return (
    <div className="grid gap-2" data-testid="session-outcome">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 font-medium ${TONE[a.outcome]}`}>{recorded}</span>
        {a.disputed ? (
          <span className="text-slate-700">
            <Trans>Disputed: a moderator is looking into it.</Trans>
          </span>
        ) : null}
      </p>
      {viewer === "mentee" && missedByMentor && mentorId && session ? (
        <MissedCallBack session={session} mentorId={mentorId} zone={zone} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {a.disputeUntil && mayDispute(a.outcome, viewer) ? (
          <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
            <Trans>
              Dispute <span className="sr-only">the outcome of this session</span>
            </Trans>
          </Button>
        ) : null}
      </div>
      {a.outcome === "completed" ? <SessionNotesLink slotId={slotId} viewer={viewer} otherName={otherName} /> : null}
      {asking && a.disputeUntil ? (
        <Suspense fallback={null}>
          <DisputeDialog
            slotId={slotId}
            recorded={recorded}
            otherName={otherFirstName}
            until={a.disputeUntil}
            zone={zone}
            onClosed={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
