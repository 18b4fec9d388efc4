import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ReasonDialog } from "@/moderation/reason-dialog";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { toast } from "@/ui/toast";
import { DISPUTE_MAX } from "../../shared/attendance";

/**
 * The confirmation of a dispute (ADR 0026), loaded on the tap that asks for it (the lists that show
 * outcomes stay light): what was recorded, until when, and an optional "What happened?".
 */
export default function DisputeDialog({
  slotId,
  recorded,
  otherName,
  until,
  zone,
  onClosed,
}: {
  slotId: string;
  recorded: string;
  otherName: string;
  until: string;
  zone: string;
  onClosed: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dispute = useMutation(
    trpc.attendance.dispute.mutationOptions({
      onSuccess: async (result) => {
        toast.success(t`Dispute sent`, { description: translateServerMessage(result.message) });
        await queryClient.invalidateQueries(trpc.scheduling.pathFilter());
        await queryClient.invalidateQueries(trpc.attendance.pathFilter());
      },
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );
  const deadline = dateTime(until, zone);
  return (
    <ReasonDialog
      defaultOpen
      onClosed={onClosed}
      trigger={() => null}
      title={t`Dispute this outcome?`}
      description={t`Recorded as "${recorded}". A moderator reads what you write, sees what the call recorded and decides; you can dispute once, until ${deadline}.`}
      label={t`What happened?`}
      optional
      hint={t`At most ${DISPUTE_MAX} characters. ${otherName} is told the moderator's decision, not your words.`}
      max={DISPUTE_MAX}
      confirmLabel={t`Send dispute`}
      onConfirm={(what) => dispute.mutateAsync({ slotId, what })}
    />
  );
}
