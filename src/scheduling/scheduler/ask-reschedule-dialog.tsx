import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/ui/dialog";

/** "Ask to reschedule": the mentor writes why (required); the mentee is told and picks another time, or gets the call back. */
export function AskRescheduleDialog({
  open,
  menteeName,
  pending,
  onClose,
  onSend,
}: {
  open: boolean;
  menteeName: string | null;
  pending: boolean;
  onClose: () => void;
  onSend: (message: string) => void;
}) {
  const { t } = useLingui();
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const close = () => {
    setMessage("");
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) return setProblem(t`Write a short message so the mentee knows why (for example, what times suit you).`);
    setProblem(null);
    onSend(text);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <DialogTitle>
          <Trans>Ask to reschedule</Trans>
        </DialogTitle>
        <DialogDescription>
          {menteeName !== null ? (
            <Trans>{menteeName} is told and can move the booking to another of your open times. The booking stays until then.</Trans>
          ) : (
            <Trans>The mentee is told and can move the booking to another of your open times. The booking stays until then.</Trans>
          )}
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <label htmlFor={fieldId} className="grid gap-1 text-sm font-medium text-slate-800">
            {menteeName !== null ? <Trans>Message to {menteeName}</Trans> : <Trans>Message to the mentee</Trans>}
            <textarea
              id={fieldId}
              required
              rows={3}
              maxLength={500}
              value={message}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${fieldId}-problem` : undefined}
              onChange={(e) => setMessage(e.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            />
          </label>
          {problem ? (
            <p id={`${fieldId}-problem`} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              <Trans>Keep it</Trans>
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t`Sending…` : t`Send request`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
