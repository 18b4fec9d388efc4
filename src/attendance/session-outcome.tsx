import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { SessionNotesLink } from "@/session-notes/notes-link";
import { Button } from "@/ui/button";
import type { Party, SessionOutcome } from "../../shared/attendance";

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

/**
 * How a past session ended (ADR 0026), as one of its two participants reads it: the outcome, and
 * within 24 hours a "Dispute" that asks first before it goes to the moderators. A mentee whose
 * mentor did not come is offered another time with him; a completed session links its notes.
 * `otherName` is the other participant's full name.
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
        {viewer === "mentee" && missedByMentor ? (
          <span className="text-slate-700">
            <Trans>The call is back in your plan.</Trans>
          </span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {viewer === "mentee" && missedByMentor && mentorId ? (
          <Button asChild size="sm">
            <Link to="/mentees/schedules" search={{ mentorId }}>
              <Trans>Book another time</Trans>
            </Link>
          </Button>
        ) : null}
        {a.disputeUntil ? (
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
