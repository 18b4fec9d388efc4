import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The confirming button's words ("Cancel booking", "Publish slot"). */
  confirmLabel: string;
  /** Words of the button that closes without doing anything ("Keep it" when absent). */
  keepLabel?: string;
  /** When set, an optional reason field with this label is shown; its text is passed to onConfirm. */
  reasonLabel?: string;
  /** Destructive actions get the red button. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: (reason: string) => void;
  children?: ReactNode;
};

/**
 * Asks before anything that cannot be undone (cancel, delete, publish from a click): a modal dialog
 * that holds focus, closes with Escape, and names what will happen. The optional reason is shown to
 * the other party.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  keepLabel,
  reasonLabel,
  destructive,
  pending,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setReason("");
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        {children}
        {reasonLabel ? (
          <label htmlFor={reasonId} className="grid gap-1 text-sm font-medium text-slate-800">
            {reasonLabel}
            <textarea
              id={reasonId}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            />
          </label>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {keepLabel ?? t`Keep it`}
          </Button>
          <Button variant={destructive ? "destructive" : "default"} disabled={pending} onClick={() => onConfirm(reason.trim())}>
            {pending ? <Trans>Working…</Trans> : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
