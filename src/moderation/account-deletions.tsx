import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiError } from "@/platform/api-error";
import type { RouterOutputs } from "@/platform/api-types";
import { fullDateTime } from "@/platform/dates";
import { useTRPC } from "@/platform/trpc";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { ListEmpty, ListError, ListLoading } from "./list-states";

type Deletion = RouterOutputs["privacy"]["deletion"]["inProgress"][number];

/**
 * The deletions in progress (ADR 0042), soonest erasure first, with the complaints open against each person. A moderator
 * pauses one while a complaint is open (erasing would erase its evidence) or lets it go on; both ask first, take a reason
 * and are in the audit log.
 */
export function AccountDeletions() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.privacy.deletion.inProgress.queryOptions());
  const [asking, setAsking] = useState<Deletion | null>(null);
  const hold = useMutation(trpc.privacy.deletion.hold.mutationOptions());

  const decide = async (reason: string) => {
    if (!asking) return;
    const pausing = asking.state === "pending";
    try {
      await hold.mutateAsync({ deletionId: asking.id, hold: pausing, reason: reason.trim() || t`No reason given` });
      toast.success(pausing ? t`Deletion paused` : t`Deletion goes on`);
    } catch (error) {
      toast.error(t`Nothing changed`, { description: apiError(error)?.message ?? t`Something went wrong` });
    }
    setAsking(null);
    await queryClient.invalidateQueries(trpc.privacy.deletion.inProgress.pathFilter());
  };

  return (
    <section aria-labelledby="deletions-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="deletions-title" className="text-2xl font-bold text-slate-900">
          <Trans>Account deletions</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>
            People who asked to delete their account. Each is erased when its 14 days have passed, unless paused here; pause one while a
            complaint against the person is open.
          </Trans>
        </p>
      </div>
      {list.isPending ? (
        <ListLoading label={t`Loading the deletions in progress`} />
      ) : list.isError ? (
        <ListError what={t`the deletions in progress`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty>{t`No account is being deleted.`}</ListEmpty>
      ) : (
        <ol className="grid gap-3" data-testid="deletions-list">
          {list.data.map((d) => (
            <DeletionItem key={d.id} deletion={d} onDecide={() => setAsking(d)} />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.state === "pending" ? t`Pause this deletion?` : t`Let this deletion go on?`}
        description={
          asking?.state === "pending"
            ? t`The account is not erased while the deletion is paused. The person can still restore it by signing in.`
            : t`If its 14 days have passed, the account is erased within a minute. This cannot be undone.`
        }
        confirmLabel={asking?.state === "pending" ? t`Pause deletion` : t`Let it go on`}
        reasonLabel={t`Reason (kept in the audit log)`}
        destructive={asking?.state === "paused"}
        pending={hold.isPending}
        onConfirm={(reason) => void decide(reason)}
      />
    </section>
  );
}

function DeletionItem({ deletion, onDecide }: { deletion: Deletion; onDecide: () => void }) {
  const { t } = useLingui();
  const headingId = useId();
  const role = deletion.role === "mentor" ? t`Mentor` : t`Mentee`;
  return (
    <li>
      <Card aria-labelledby={headingId}>
        <CardContent className="grid gap-2 pt-6 text-sm">
          <h2 id={headingId} className="font-semibold text-slate-900 break-words">
            {deletion.name} · {role}
          </h2>
          <p>
            <Trans>Asked on {fullDateTime(deletion.requestedAt)}</Trans> ·{" "}
            {deletion.state === "paused" ? (
              <strong>
                <Trans>Paused</Trans>
              </strong>
            ) : (
              <Trans>Erased after {fullDateTime(deletion.eraseAfter)}</Trans>
            )}
          </p>
          <p>
            {deletion.openComplaints > 0 ? (
              <strong className="text-amber-800">
                <Trans>Open complaints against this person: {deletion.openComplaints}</Trans>
              </strong>
            ) : (
              <Trans>No open complaint against this person.</Trans>
            )}
          </p>
          <div>
            <Button variant={deletion.state === "pending" ? "outline" : "default"} onClick={onDecide}>
              {deletion.state === "pending" ? <Trans>Pause deletion</Trans> : <Trans>Let it go on</Trans>}
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
