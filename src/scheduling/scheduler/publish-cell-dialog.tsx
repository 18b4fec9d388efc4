import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { formatIn, LONG_WEEKDAY_DATE_TIME } from "../../../shared/zoned-time";
import type { SlotDraft } from "./add-slot-form";

const field =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/**
 * A click on an empty calendar cell proposes a slot there and asks before publishing it (ADR 0023:
 * nothing happens from one click); the title and description are optional.
 */
export function PublishCellDialog({
  start,
  zone,
  pending,
  onClose,
  onPublish,
}: {
  start: Date | null;
  zone: string;
  pending: boolean;
  onClose: () => void;
  onPublish: (draft: SlotDraft) => void;
}) {
  const { t } = useLingui();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const when = start ? formatIn(start, "dddd, MMMM D, h:mm a", LONG_WEEKDAY_DATE_TIME, zone) : "";
  return (
    <ConfirmDialog
      open={start !== null}
      onOpenChange={(open) => {
        if (open) return;
        setTitle("");
        setDescription("");
        onClose();
      }}
      title={t`Publish a slot on ${when}?`}
      description={t`A one-hour slot that your mentees can book.`}
      confirmLabel={t`Publish`}
      pending={pending}
      onConfirm={() => start && onPublish({ start, title: title.trim() || null, description: description.trim() || null, weeks: 1 })}
    >
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Slot title (optional)</Trans>
        <input maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} className={field} />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Slot description (optional)</Trans>
        <textarea maxLength={1000} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} className={field} />
      </label>
    </ConfirmDialog>
  );
}
