import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useRef, useState } from "react";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { SlotTime } from "@/scheduling/slot-time";
import { Button } from "@/ui/button";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/toast";
import { keepStanding } from "./standing-store";
import type { OpenSlot } from "./types";

type ConfirmStepProps = {
  slot: OpenSlot;
  mentorName: string;
  zone: string;
  asTrial: boolean;
  /** A subscribed mentee may book the same time every week for the rest of her period. */
  standingAllowed: boolean;
  onBack: () => void;
};

export const AGENDA_MAX = 500;

/**
 * The short confirm screen: the time (hers and the mentor's), the mentor, "What would you like to
 * discuss?" (the agenda), for sessions "the same time every week" with the weeks it would book, and
 * Confirm, which books once however often it is clicked, then lands on the "You're booked" page.
 */
export function ConfirmStep({ slot, mentorName, zone, asTrial, standingAllowed, onBack }: ConfirmStepProps) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const agendaId = useId();
  const standingId = useId();
  const [agenda, setAgenda] = useState("");
  const [standing, setStanding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(false);

  const preview = useQuery({ ...trpc.scheduling.previewStanding.queryOptions({ slotId: slot.id }), enabled: standing });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.scheduling.pathFilter()),
      queryClient.invalidateQueries(trpc.subscriptions.pathFilter()),
    ]);
  const booked = async (slotId: string) => {
    toast.success(t`Slot allocated successfully`);
    await refresh();
    await navigate({ to: "/mentees/booking-confirmed/$slotId", params: { slotId } });
  };
  const failed = async (error: unknown) => {
    sent.current = false;
    const message = apiError(error)?.message ?? t`Please check your connection and try again.`;
    setProblem(message);
    toast.error(t`Slot allocation failed`, { description: message });
    await refresh();
  };
  const book = useMutation(trpc.scheduling.book.mutationOptions({ onSuccess: (s) => booked(s.id), onError: failed }));
  const bookTrial = useMutation(trpc.scheduling.bookTrial.mutationOptions({ onSuccess: (s) => booked(s.id), onError: failed }));
  const bookStanding = useMutation(
    trpc.scheduling.bookStanding.mutationOptions({
      onSuccess: async (result) => {
        const first = result.booked[0];
        if (!first) {
          sent.current = false;
          const reasons = result.skipped.map((s) => translateServerMessage(s.reason)).join("; ") || t`no open time`;
          setProblem(t`None of the weeks could be booked: ${reasons}.`);
          await refresh();
          return;
        }
        keepStanding(first.id, result);
        await booked(first.id);
      },
      onError: failed,
    }),
  );
  const pending = book.isPending || bookTrial.isPending || bookStanding.isPending;

  const confirm = () => {
    // A second click before React re-renders the disabled button must not send a second booking.
    if (sent.current) return;
    sent.current = true;
    setProblem(null);
    const input = { slotId: slot.id, agenda: agenda.trim() || undefined };
    if (asTrial) bookTrial.mutate(input);
    else if (standing) bookStanding.mutate(input);
    else book.mutate(input);
  };

  return (
    <section aria-labelledby="confirm-title" className="grid max-w-xl gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="confirm-title" className="text-lg font-semibold text-slate-900">
        {asTrial ? <Trans>Confirm your free intro call</Trans> : <Trans>Confirm your session</Trans>}
      </h2>
      <dl className="grid gap-2">
        <div>
          <dt className="text-sm text-slate-600">
            <Trans>When</Trans>
          </dt>
          <dd>
            <SlotTime start={slot.start} zone={zone} otherZone={slot.mentorTimeZone} otherLabel={t`Mentor's time`} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">
            <Trans>With</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{mentorName}</dd>
        </div>
      </dl>
      <label htmlFor={agendaId} className="grid gap-1 text-sm font-medium text-slate-800">
        <Trans>What would you like to discuss? (optional)</Trans>
        <Textarea
          id={agendaId}
          rows={3}
          maxLength={AGENDA_MAX}
          value={agenda}
          onChange={(e) => setAgenda(e.target.value)}
          placeholder={t`A topic, a question, a link to your work…`}
        />
        <span className="text-xs font-normal text-slate-600">
          <Trans>Your mentor sees this with the booking.</Trans>
        </span>
      </label>
      {standingAllowed && !asTrial ? (
        <div className="grid gap-2">
          <label htmlFor={standingId} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              id={standingId}
              type="checkbox"
              checked={standing}
              onChange={(e) => setStanding(e.target.checked)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <Trans>Book the same time every week for the rest of my period</Trans>
          </label>
          {standing ? <StandingPreview state={preview} zone={zone} /> : null}
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={confirm} disabled={pending || (standing && !preview.data?.weeks.some((w) => w.bookable))} aria-busy={pending}>
          {pending ? <Trans>Booking…</Trans> : <Trans>Confirm</Trans>}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={pending}>
          <Trans>Choose another time</Trans>
        </Button>
      </div>
    </section>
  );
}

type Preview = {
  isPending: boolean;
  isError: boolean;
  data?: { weeks: { start: string; slotId: string | null; bookable: boolean; reason: string | null }[] };
};

/** The weeks a standing booking would take, each booked or skipped with why, before she confirms. */
function StandingPreview({ state, zone }: { state: Preview; zone: string }) {
  const { t } = useLingui();
  if (state.isPending)
    return (
      <p role="status" className="text-sm text-slate-600">
        <Trans>Checking the coming weeks…</Trans>
      </p>
    );
  if (state.isError || !state.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        <Trans>We couldn't check the coming weeks. Try again.</Trans>
      </p>
    );
  const weeks = state.data.weeks;
  const count = weeks.filter((w) => w.bookable).length;
  return (
    <div className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-900">
        <Plural value={count} one="# session will be booked:" other="# sessions will be booked:" />
      </p>
      <ul className="grid gap-1" aria-label={t`Weeks of the standing booking`}>
        {weeks.map((w) => {
          const why = w.reason ? translateServerMessage(w.reason) : t`not open`;
          return (
            <li key={w.start} className={w.bookable ? "text-slate-800" : "text-slate-500"}>
              {dateTime(w.start, zone)}: {w.bookable ? t`will be booked` : t`skipped (${why})`}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
