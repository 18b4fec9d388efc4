import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiError } from "@/platform/api-error";
import type { RouterOutputs } from "@/platform/api-types";
import { fullDateTime } from "@/platform/dates";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { type SessionOutcome, sessionOutcomes } from "../../shared/attendance";
import { Button } from "../ui/button";
import { ReasonDialog } from "./reason-dialog";

type Ticket = RouterOutputs["moderation"]["tickets"]["items"][number];
type Session = NonNullable<Ticket["session"]>;

/** The name of an outcome as a list item or choice ("Missed by the mentor"): shared/attendance's OUTCOME_NAMES, capitalised. */
export const OUTCOME_LABELS: Record<SessionOutcome, MessageDescriptor> = {
  completed: msg`Completed`,
  mentee_no_show: msg`Missed by the mentee`,
  mentor_no_show: msg`Missed by the mentor`,
  both_no_show: msg`Missed by both`,
};

/** The person's side in the live room, as the evidence names it ("(mentor)"). */
const SIDES = { mentee: msg`mentee`, mentor: msg`mentor` } as const;

const minutes = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));

/** What the live room recorded for a disputed session: each stretch of each person, in the moderator's zone, relative to the start. */
export function AttendanceEvidence({ session, names }: { session: Session; names: { mentee: string; mentor: string } }) {
  const { t, i18n } = useLingui();
  const kind = session.type === "trial" ? t`Intro call` : t`Session`;
  const start = fullDateTime(session.start);
  const outcome = session.outcome ? i18n._(OUTCOME_LABELS[session.outcome]) : t`not settled`;
  return (
    <div className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm">
      <p>
        <Trans>
          <span className="font-medium">{kind}</span> of {start}, recorded as <span className="font-medium">{outcome}</span>.
        </Trans>
      </p>
      {session.presence.length === 0 ? (
        <p className="text-slate-700">
          <Trans>The live room recorded nobody.</Trans>
        </p>
      ) : (
        <ul className="grid gap-0.5 text-slate-700" aria-label={t`What the live room recorded`}>
          {session.presence.map((p, i) => {
            const from = Math.round((Date.parse(p.joinedAt) - Date.parse(session.start)) / 60_000);
            const before = -from;
            const joined = from >= 0 ? t`joined ${from} min after the start` : t`joined ${before} min before the start`;
            const stayedFor = p.leftAt ? minutes(p.joinedAt, p.leftAt) : 0;
            const stayed = p.leftAt ? t`stayed ${stayedFor} min` : t`until the room closed`;
            const who = names[p.role];
            const side = i18n._(SIDES[p.role]);
            // biome-ignore lint/suspicious/noArrayIndexKey: the room's record is read-only and in the order it happened
            return <li key={i}>{t`${who} (${side}): ${joined}, ${stayed}`}</li>;
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
  const { t, i18n } = useLingui();
  const decide = useMutation(
    trpc.attendance.decide.mutationOptions({
      onSuccess: async (result) => {
        toast.success(translateServerMessage(result.message));
        await queryClient.invalidateQueries(trpc.moderation.pathFilter());
      },
      onError: (error) =>
        toast.error(t`Something went wrong`, {
          description: apiError(error)?.message,
        }),
    }),
  );
  return (
    <ReasonDialog
      trigger={(open) => (
        <Button onClick={open}>
          <Trans>
            Decide <span className="sr-only">the attendance dispute</span>
          </Trans>
        </Button>
      )}
      title={t`Decide the attendance dispute`}
      description={t`Keep the recorded outcome or change it. A change to or from “missed by the mentor” gives the mentee's call back or takes it again. Both are told, with your note.`}
      label={t`Note to both`}
      confirmLabel={t`Save decision`}
      onConfirm={(note) => decide.mutateAsync({ ticketId: ticket.id, outcome, note })}
    >
      <label htmlFor={selectId} className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Outcome</Trans>
        <select
          id={selectId}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as SessionOutcome)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          {sessionOutcomes.map((o) => {
            const name = i18n._(OUTCOME_LABELS[o]);
            return (
              <option key={o} value={o}>
                {o === current ? t`${name} (recorded)` : name}
              </option>
            );
          })}
        </select>
      </label>
    </ReasonDialog>
  );
}
