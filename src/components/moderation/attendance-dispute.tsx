import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { RouterOutputs } from "@/lib/api-types";
import { apiError } from "@/lib/api-error";
import { fullDateTime } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { useTRPC } from "@/lib/trpc";
import { Button } from "../ui/button";
import { ReasonDialog } from "./reason-dialog";
import { OUTCOME_NAMES, sessionOutcomes, type SessionOutcome } from "../../../shared/attendance";

type Ticket = RouterOutputs["moderation"]["tickets"]["items"][number];
type Session = NonNullable<Ticket["session"]>;

/** A name of an outcome as a list item or choice ("Missed by the mentor"). */
const outcomeName = (o: SessionOutcome) => OUTCOME_NAMES[o].charAt(0).toUpperCase() + OUTCOME_NAMES[o].slice(1);

const minutes = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));

/** What the live room recorded for a disputed session: each stretch of each person, in the moderator's zone, relative to the start. */
export function AttendanceEvidence({ session, names }: { session: Session; names: { mentee: string; mentor: string } }) {
  return (
    <div className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm">
      <p>
        <span className="font-medium">{session.type === "trial" ? "Intro call" : "Session"}</span> of {fullDateTime(session.start)}, recorded as{" "}
        <span className="font-medium">{session.outcome ? outcomeName(session.outcome) : "not settled"}</span>.
      </p>
      {session.presence.length === 0 ? (
        <p className="text-slate-700">The live room recorded nobody.</p>
      ) : (
        <ul className="grid gap-0.5 text-slate-700" aria-label="What the live room recorded">
          {session.presence.map((p, i) => {
            const from = Math.round((Date.parse(p.joinedAt) - Date.parse(session.start)) / 60_000);
            return (
              <li key={i}>
                {names[p.role]} ({p.role}): joined {from >= 0 ? `${from} min after` : `${-from} min before`} the start,{" "}
                {p.leftAt ? `stayed ${minutes(p.joinedAt, p.leftAt)} min` : "until the room closed"}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The moderator's decision on an attendance dispute: keep the outcome or change it, with a note both sides read. */
export function DecideDispute({ ticket }: { ticket: Ticket }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = ticket.session?.outcome ?? "completed";
  const [outcome, setOutcome] = useState<SessionOutcome>(current);
  const selectId = useId();
  const decide = useMutation(
    trpc.attendance.decide.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await queryClient.invalidateQueries(trpc.moderation.pathFilter());
      },
      onError: (error) =>
        toast.error("Something went wrong", {
          description: apiError(error)?.message,
        }),
    }),
  );
  return (
    <ReasonDialog
      trigger={(open) => (
        <Button onClick={open}>
          Decide <span className="sr-only">the attendance dispute</span>
        </Button>
      )}
      title="Decide the attendance dispute"
      description="Keep the recorded outcome or change it. A change to or from “missed by the mentor” gives the mentee's call back or takes it again. Both are told, with your note."
      label="Note to both"
      confirmLabel="Save decision"
      onConfirm={(note) => decide.mutateAsync({ ticketId: ticket.id, outcome, note })}
    >
      <label htmlFor={selectId} className="grid gap-1 text-sm font-medium text-slate-800">
        Outcome
        <select id={selectId} value={outcome} onChange={(e) => setOutcome(e.target.value as SessionOutcome)} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
          {sessionOutcomes.map((o) => (
            <option key={o} value={o}>
              {outcomeName(o)}
              {o === current ? " (recorded)" : ""}
            </option>
          ))}
        </select>
      </label>
    </ReasonDialog>
  );
}
