import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/** A modal (max 400 px wide) confirming a submission before the page moves on by itself. */
export function SuccessDialog({
  open,
  title,
  description,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogContent>
    </Dialog>
  );
}
