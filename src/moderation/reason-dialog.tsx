import { useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { FormField } from "../ui/form-field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

const REASON_MAX = 500;

/** The dialog's own words (the signed-in catalog: a mentee's or mentor's dispute draws it too). */
function useOwnWords(max: number) {
  const { t } = useLingui();
  return {
    reason: t`Reason`,
    empty: t`Please give a reason`,
    optional: (label: string) => t`${label} (optional)`,
    hint: t`At most ${max} characters; kept in the audit log.`,
    cancel: t`Cancel`,
  };
}

type ReasonDialogProps = {
  /** The button that opens the dialog. */
  trigger: (open: () => void) => ReactNode;
  title: string;
  description: string;
  /** The field's label; "Reason" by default. */
  label?: string;
  confirmLabel: string;
  /** Whether the reason may be left empty (the note of "Block user" on a ticket). */
  optional?: boolean;
  destructive?: boolean;
  /** Resolves when done (the dialog closes); rejects to keep it open (the caller toasts the error). */
  onConfirm: (reason: string) => Promise<unknown>;
  /** Under the field; by default, that the reason is kept in the audit log. */
  hint?: string;
  /** Said when a required reason is left empty; "Please give a reason" by default. */
  emptyMessage?: string;
  max?: number;
  /** Fields above the reason (e.g. a choice the reason explains). */
  children?: ReactNode;
  /** Open from the start (a dialog loaded on the click that asks for it), and told when it closes. */
  defaultOpen?: boolean;
  onClosed?: () => void;
};

/** A confirmation that asks why: blocking, unblocking, rejecting and dismissing are recorded with their reason. */
export function ReasonDialog({
  trigger,
  title,
  description,
  label: givenLabel,
  confirmLabel,
  optional,
  destructive,
  onConfirm,
  hint,
  emptyMessage,
  max = REASON_MAX,
  children,
  defaultOpen = false,
  onClosed,
}: ReasonDialogProps) {
  const words = useOwnWords(max);
  const label = givenLabel ?? words.reason;
  const [open, setOpenState] = useState(defaultOpen);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) onClosed?.();
  };
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!optional && !text) return setError(emptyMessage ?? words.empty);
    setError(undefined);
    setBusy(true);
    try {
      await onConfirm(text);
      setOpen(false);
      setReason("");
    } catch {
      // The caller showed the error; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {trigger(() => setOpen(true))}
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
            {children}
            <FormField label={optional ? words.optional(label) : label} error={error} hint={hint ?? words.hint}>
              <Textarea value={reason} maxLength={max} rows={3} onChange={(e) => setReason(e.target.value)} />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
                {words.cancel}
              </Button>
              <Button type="submit" disabled={busy} variant={destructive ? "destructive" : "default"}>
                {busy ? <Spinner /> : null}
                {confirmLabel}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
