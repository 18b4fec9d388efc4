import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "@/ui/button";
import { dayKey } from "../../../shared/zoned-time";

export type TimeOffDraft = { firstDay: string; lastDay: string; note: string };

/** The later of two days written "YYYY-MM-DD", which sort as text the way they sort in time. */
const laterDay = (a: string, b: string) => (a < b ? b : a);

const field =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/** "Add time off": first and last day (in the mentor's zone) and an optional note; Submit asks for a preview first. */
export function AddTimeOffForm({ zone, pending, onSubmit }: { zone: string; pending: boolean; onSubmit: (draft: TimeOffDraft) => void }) {
  const { t } = useLingui();
  const today = dayKey(Date.now(), zone);
  const [draft, setDraft] = useState<TimeOffDraft>({ firstDay: today, lastDay: today, note: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.firstDay || !draft.lastDay) return setProblem(t`Enter the first and the last day.`);
    if (draft.lastDay < draft.firstDay) return setProblem(t`The last day must be on or after the first day.`);
    if (draft.lastDay < today) return setProblem(t`This period is already over. Choose days from today on.`);
    setProblem(null);
    onSubmit({ ...draft, note: draft.note.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-labelledby="add-time-off-title">
      <h2 id="add-time-off-title" className="font-semibold text-slate-900">
        <Trans>Add time off</Trans>
      </h2>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>First day</Trans>
        <input
          type="date"
          required
          min={today}
          value={draft.firstDay}
          onChange={(e) => setDraft({ ...draft, firstDay: e.target.value, lastDay: laterDay(draft.lastDay, e.target.value) })}
          className={field}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Last day</Trans>
        <input
          type="date"
          required
          min={draft.firstDay || today}
          value={draft.lastDay}
          onChange={(e) => setDraft({ ...draft, lastDay: e.target.value })}
          className={field}
        />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>Note (optional)</Trans>
        <input
          maxLength={200}
          value={draft.note}
          onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          className={field}
          placeholder={t`Holiday, conference…`}
        />
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? t`Checking…` : t`Add time off`}
      </Button>
    </form>
  );
}
