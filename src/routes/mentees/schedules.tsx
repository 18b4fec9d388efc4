import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTRPC } from "@/platform/trpc";
import { formatDate } from "@/platform/zoned";
import { ConfirmStep } from "@/scheduling/booking/confirm-step";
import { MentorsWithNextTimes } from "@/scheduling/booking/next-available";
import { SlotPicker } from "@/scheduling/booking/slot-picker";
import { holdsOf, type OpenSlot } from "@/scheduling/booking/types";
import { WaitlistToggle } from "@/scheduling/booking/waitlist-toggle";
import { useShownZone, ZonePicker } from "@/scheduling/zone-picker";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";

type Search = { mentorId?: string; trial?: boolean };

export const Route = createFileRoute("/mentees/schedules")({
  validateSearch: (s: Record<string, unknown>): Search => ({
    mentorId: typeof s.mentorId === "string" && s.mentorId ? s.mentorId : undefined,
    trial: s.trial === true || s.trial === "1" || s.trial === 1 ? true : undefined,
  }),
  component: SchedulesPage,
});

function SchedulesPage() {
  const { mentorId, trial } = Route.useSearch();
  return mentorId ? <MentorSchedule key={mentorId} mentorId={mentorId} trial={Boolean(trial)} /> : <PickMentor />;
}

/** Without a mentor: the mentors she is subscribed to, each with his next open times and a link to his calendar. */
function PickMentor() {
  return (
    <section aria-labelledby="schedules-title" className="grid gap-4">
      <h1 id="schedules-title" className="text-2xl font-bold text-slate-900">
        <Trans>Schedules</Trans>
      </h1>
      <p className="text-slate-600">
        <Trans>
          Choose a mentor to see their open times, or see your{" "}
          <Link to="/mentees/booked-slots" className="text-indigo-700 underline">
            booked slots
          </Link>
          .
        </Trans>
      </p>
      <MentorsWithNextTimes />
    </section>
  );
}

/** A mentor's schedule, booked like Cal.com: a day on the month calendar, a time, a short confirm step. */
function MentorSchedule({ mentorId, trial }: { mentorId: string; trial: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [zone, setZone] = useShownZone();
  const schedule = useQuery(trpc.scheduling.mentorSchedule.queryOptions({ mentorId }));
  const [picked, setPicked] = useState<OpenSlot | null>(null);

  if (schedule.isPending) return <Skeleton role="status" aria-label={t`Loading the schedule`} className="h-64 w-full" />;
  if (schedule.isError) return <LoadError what={t`this schedule`} onRetry={() => void schedule.refetch()} />;
  const s = schedule.data;
  const asTrial = trial && !s.trialUsed;
  const canBook = asTrial || (s.isEnrollmentActive && s.callsLeft > 0);
  // A time taken meanwhile leaves the confirm step (the refetched schedule no longer lists it).
  const chosen = picked && s.timeSlots.some((slot) => slot.id === picked.id) ? picked : null;
  const mentorName = s.mentor.name;
  const callsLeft = s.callsLeft;
  const callsPerPeriod = s.callsPerPeriod;
  const until = s.periodEnd ? formatDate(s.periodEnd, zone) : null;

  return (
    <section aria-labelledby="schedule-title" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h1 id="schedule-title" className="text-2xl font-bold text-slate-900">
          {asTrial ? <Trans>Book a free intro call with {mentorName}</Trans> : <Trans>Book a session with {mentorName}</Trans>}
        </h1>
        <ZonePicker zone={zone} onChange={setZone} />
        <p className="font-medium text-slate-800" data-testid="calls-left">
          {asTrial
            ? t`One free 15-minute intro call per mentor.`
            : s.isEnrollmentActive
              ? until
                ? t`${callsLeft} of ${callsPerPeriod} calls left this period (until ${until})`
                : t`${callsLeft} of ${callsPerPeriod} calls left this period`
              : t`Subscribe to this mentor to book sessions.`}
        </p>
        {trial && s.trialUsed ? (
          <p className="text-slate-700">
            <Trans>You have already had your free intro call with this mentor.</Trans>
          </p>
        ) : null}
        {!asTrial && s.isEnrollmentActive && s.callsLeft === 0 ? (
          <p className="text-slate-700">
            <Trans>You have used every call of this period. You can book again when it renews.</Trans>
          </p>
        ) : null}
      </div>
      {/* Offered only where it can help her (the Worker's rule: a booking to bring forward, or a call left and no open time). */}
      {!asTrial && s.isEnrollmentActive && (s.waitlisted || s.waitlistRefusal === null) ? (
        <WaitlistToggle mentorId={mentorId} waitlisted={s.waitlisted} nextBooking={s.nextBooking} zone={zone} />
      ) : null}
      {chosen && canBook ? (
        <ConfirmStep
          slot={chosen}
          mentorName={s.mentor.name}
          zone={zone}
          asTrial={asTrial}
          standingAllowed={s.isEnrollmentActive && s.callsLeft > 1}
          onBack={() => setPicked(null)}
        />
      ) : s.timeSlots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
          <Trans>{mentorName} has no open times right now. Check back soon.</Trans>
        </p>
      ) : (
        <SlotPicker slots={s.timeSlots} zone={zone} holds={holdsOf(s.heldForMe)} selectedId={null} onPick={setPicked} disabled={!canBook} />
      )}
    </section>
  );
}
