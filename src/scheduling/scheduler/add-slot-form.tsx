import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { zonedInstant } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { dayKey } from "../../../shared/zoned-time";

export type SlotDraft = { start: Date; title: string | null; description: string | null; weeks: number };

const field =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/** "Add a slot" by hand, from the keyboard: a day and a start in the mentor's zone, optionally repeated weekly. */
export function AddSlotForm({ zone, pending, onPublish }: { zone: string; pending: boolean; onPublish: (draft: SlotDraft) => void }) {
  const { t } = useLingui();
  const today = dayKey(Date.now(), zone);
  const [form, setForm] = useState({ date: today, time: "10:00", title: "", description: "", weeks: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPublish({
      start: zonedInstant(form.date, form.time, zone),
      title: form.title || null,
      description: form.description || null,
      weeks: form.weeks,
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-label={t`Add a slot`}>
      <h2 className="font-semibold text-slate-900">
        <Trans>Add a slot</Trans>
      </h2>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Date</Trans>
        <input
          type="date"
          required
          min={today}
          value={form.date}
          onChange={(e) => setForm({ ...form, date: e.target.value })}
          className={field}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Start time</Trans>
        <input
          type="time"
          required
          step={900}
          value={form.time}
          onChange={(e) => setForm({ ...form, time: e.target.value })}
          className={field}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Title (optional)</Trans>
        <input maxLength={120} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} className={field} />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Description (optional)</Trans>
        <textarea
          maxLength={1000}
          rows={2}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          className={field}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Repeat weekly for</Trans>
        <select value={form.weeks} onChange={(e) => setForm({ ...form, weeks: Number(e.target.value) })} className={field}>
          {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n === 1 ? t`Just this once` : t`${n} weeks`}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={pending}>
        {pending ? t`Publishing…` : t`Publish slot`}
      </Button>
    </form>
  );
}
