import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { ActionLabel } from "./list-states";

/**
 * A person who asked by ticket for a copy of her data (ADR 0039): the moderator has it prepared; it reaches her alone
 * (her bell, her mail, a link only she can open signed in), and the audit log records it.
 */
export function SendDataCopy({ ticketId, reporterName }: { ticketId: string; reporterName: string }) {
  const trpc = useTRPC();
  const { t } = useLingui();
  const send = useMutation(
    trpc.privacy.exportForTicket.mutationOptions({
      onSuccess: () =>
        toast.success(t`A copy of ${reporterName}'s data is being prepared`, {
          description: t`${reporterName} gets the link by e-mail and in the bell; only they can open it.`,
        }),
      onError: (error) => toast.error(t`Something went wrong`, { description: apiError(error)?.message }),
    }),
  );
  return (
    <Button variant="outline" className="max-w-full" disabled={send.isPending} onClick={() => send.mutate({ ticketId })}>
      <ActionLabel label={t`Send ${reporterName} a copy of their data`} />
    </Button>
  );
}
