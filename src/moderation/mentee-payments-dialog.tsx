import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiError } from "@/platform/api-error";
import { longDate } from "@/platform/dates";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { REFUND_REASON_MAX, REFUND_REASON_MIN } from "../../shared/validation/payouts";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { ActionLabel, ListError, ListLoading } from "./list-states";
import { paiseToRupeesInput, rupeesToPaise } from "./refund-amount";

const STATUS_WORDS = {
  transferred: msg`Paid`,
  held: msg`Paid (mentor's share held)`,
  refunded: msg`Refunded`,
  partially_refunded: msg`Partly refunded`,
  disputed: msg`Disputed`,
  dispute_lost: msg`Dispute lost`,
} as const;

type Payment = {
  id: string;
  mentorName: string;
  paidAt: string;
  grossPaise: number;
  refundedPaise: number;
  refundablePaise: number;
  status: keyof typeof STATUS_WORDS;
};

/** "Payments of <name>": the mentee's paid invoices for a moderator, each with Refund (a confirm step with amount and reason). */
export function MenteePaymentsDialog({ menteeId, name }: { menteeId: string; name: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="max-w-full" onClick={() => setOpen(true)}>
        <ActionLabel label={t`Payments of ${name}`} />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          {open ? <PaymentsBody menteeId={menteeId} name={name} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function PaymentsBody({ menteeId, name }: { menteeId: string; name: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.moderation.menteePayments.queryOptions({ menteeId }));
  const { t, i18n } = useLingui();
  const [refunding, setRefunding] = useState<Payment | null>(null);
  if (refunding) return <RefundStep payment={refunding} name={name} onDone={() => setRefunding(null)} />;
  return (
    <>
      <DialogTitle>
        <Trans>Payments of {name}</Trans>
      </DialogTitle>
      <DialogDescription>
        <Trans>
          {name}'s paid subscription invoices, newest first. A refund goes back to their card; the mentor's share and the platform's fee are
          taken back in proportion.
        </Trans>
      </DialogDescription>
      {list.isPending ? (
        <ListLoading label={t`Loading the payments`} rows={2} />
      ) : list.isError ? (
        <ListError what={t`the payments`} onRetry={() => void list.refetch()} />
      ) : list.data.payments.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t`Payments of ${name}`}>
          {list.data.payments.map((p) => {
            const gross = formatRupees(p.grossPaise);
            const mentor = p.mentorName;
            const paid = longDate(p.paidAt);
            const status = i18n._(STATUS_WORDS[p.status]);
            const refunded = formatRupees(p.refundedPaise);
            return (
              <li key={p.id} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:flex sm:items-center">
                <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                  <p className="font-medium text-slate-900">
                    <Trans>
                      {gross} to {mentor}
                    </Trans>
                  </p>
                  <p className="text-slate-600">
                    <Trans>
                      Paid {paid} · {status}
                    </Trans>
                    {p.refundedPaise > 0 ? ` · ${t`${refunded} refunded`}` : ""}
                  </p>
                </div>
                {p.refundablePaise > 0 && p.status !== "disputed" && p.status !== "dispute_lost" ? (
                  <Button variant="outline" size="sm" onClick={() => setRefunding(p)}>
                    <Trans>
                      Refund
                      <span className="sr-only">
                        {" "}
                        {gross} paid {paid} to {mentor}
                      </span>
                    </Trans>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function RefundStep({ payment, name, onDone }: { payment: Payment; name: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(paiseToRupeesInput(payment.refundablePaise));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const refund = useMutation(trpc.moderation.refundPayment.mutationOptions());
  const { t } = useLingui();
  const gross = formatRupees(payment.grossPaise);
  const paid = longDate(payment.paidAt);
  const mentor = payment.mentorName;
  const alreadyRefunded = formatRupees(payment.refundedPaise);
  const refundable = formatRupees(payment.refundablePaise);
  const min = REFUND_REASON_MIN;
  const max = REFUND_REASON_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const paise = rupeesToPaise(amount);
    const text = reason.trim();
    const next: typeof errors = {};
    if (paise === null || paise <= 0) next.amount = t`Enter an amount in rupees, such as 4000 or 4000.50`;
    else if (paise > payment.refundablePaise) next.amount = t`At most ${refundable} is left to refund`;
    if (text.length < REFUND_REASON_MIN) next.reason = t`Please give a reason (at least ${min} characters)`;
    setErrors(next);
    if (next.amount || next.reason || paise === null) return;
    try {
      await refund.mutateAsync({ earningId: payment.id, amountPaise: paise, reason: text });
      const amountText = formatRupees(paise);
      toast.success(t`Refunded ${amountText} to ${name}`);
      // The mentee's payments, and the fee chart and audit log the refund changed.
      await queryClient.invalidateQueries(trpc.moderation.pathFilter());
      onDone();
    } catch (error) {
      setErrors({ form: apiError(error)?.message ?? t`The refund could not be sent. Please check your connection and try again.` });
    }
  };

  return (
    <>
      <DialogTitle>
        <Trans>Refund {name}?</Trans>
      </DialogTitle>
      <DialogDescription>
        {payment.refundedPaise > 0
          ? t`${gross} paid ${paid} to ${mentor}; ${alreadyRefunded} already refunded. The money goes back to their card and cannot be taken again.`
          : t`${gross} paid ${paid} to ${mentor}. The money goes back to their card and cannot be taken again.`}
      </DialogDescription>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        <FormField label={t`Amount (₹)`} error={errors.amount} hint={t`Up to ${refundable}.`}>
          <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <FormField label={t`Reason`} error={errors.reason} hint={t`${min} to ${max} characters; kept in the audit log.`}>
          <Textarea rows={3} maxLength={REFUND_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" disabled={refund.isPending} onClick={onDone}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            {refund.isPending ? <Spinner /> : null}
            <Trans>Refund</Trans>
          </Button>
        </div>
      </form>
    </>
  );
}
