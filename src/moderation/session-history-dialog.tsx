import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { fullDateTime } from "@/platform/dates";
import { useTRPC } from "@/platform/trpc";
import { partyAtFault } from "../../shared/attendance";
import type { MemberRole as Role } from "../../shared/role";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { OUTCOME_LABELS } from "./attendance-dispute";
import { ActionLabel, ListError, ListLoading } from "./list-states";

/**
 * "History of <name>" beside Block on the moderators' lists: the person's settled sessions of the
 * record's 90 days with how each ended (ADR 0026), so a no-show flag can be checked before a block;
 * their moderation log is one link further.
 */
export function SessionHistoryDialog({ role, id, name }: { role: Role; id: string; name: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="max-w-full" onClick={() => setOpen(true)}>
        <ActionLabel label={t`History of ${name}`} />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          {open ? <HistoryBody role={role} id={id} name={name} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function HistoryBody({ role, id, name }: { role: Role; id: string; name: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.moderation.sessionHistory.queryOptions({ role, id }));
  const { t, i18n } = useLingui();
  return (
    <>
      <DialogTitle>
        <Trans>Sessions of {name}</Trans>
      </DialogTitle>
      <DialogDescription>
        <Trans>Their sessions of the last 90 days, newest first, and how each ended by the live room's record.</Trans>
      </DialogDescription>
      {list.isPending ? (
        <ListLoading label={t`Loading the sessions`} rows={2} />
      ) : list.isError ? (
        <ListError what={t`the sessions`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No settled sessions in the last 90 days.</Trans>
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t`Sessions of ${name}`}>
          {list.data.map((s) => {
            const when = fullDateTime(s.start);
            const other = (role === "mentee" ? s.mentorName : s.menteeName) ?? "";
            const outcome = s.attendance ? i18n._(OUTCOME_LABELS[s.attendance.outcome]) : t`not settled`;
            const theirFault = s.attendance ? partyAtFault(s.attendance.outcome) === role : false;
            return (
              <li key={s.id} className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium text-slate-900">
                  {s.type === "trial" ? <Trans>Intro call with {other}</Trans> : <Trans>Session with {other}</Trans>}
                </p>
                <p className="text-slate-600">
                  {when} ·{" "}
                  <span className={theirFault ? "font-medium text-amber-900" : undefined} data-testid="history-outcome">
                    {outcome}
                  </span>
                  {s.attendance?.disputed ? ` · ${t`disputed`}` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm">
        <Link to="/moderator/audit-log" search={{ targetId: id }} className="text-indigo-700 underline">
          <Trans>Moderation log of {name}</Trans>
        </Link>
      </p>
    </>
  );
}
