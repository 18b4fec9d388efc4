import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { toast } from "@/lib/toast";
import { LoadError } from "@/components/load-error";
import { SlotTime } from "@/components/slot-time";
import { useMyZone } from "@/lib/use-my-zone";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { apiError } from "@/lib/api-error";
import { useTRPC } from "@/lib/trpc";
import { formatDate, formatTime, zoneLabel } from "@/lib/zoned";

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
  return mentorId ? <MentorSchedule mentorId={mentorId} trial={Boolean(trial)} /> : <PickMentor />;
}

/** Without a mentor: the mentors she is subscribed to, each with a link to their slots. */
function PickMentor() {
  const trpc = useTRPC();
  const list = useQuery(trpc.subscriptions.mine.queryOptions());
  const active = list.data?.filter((s) => s.isActive) ?? [];
  return (
    <section aria-labelledby="schedules-title" className="grid gap-4">
      <h1 id="schedules-title" className="text-2xl font-bold text-slate-900">
        Schedules
      </h1>
      <p className="text-slate-600">
        Choose a mentor to see their open slots, or see your <Link to="/mentees/booked-slots" className="text-indigo-700 underline">booked slots</Link>.
      </p>
      {list.isPending ? (
        <Skeleton role="status" aria-label="Loading your mentors" className="h-24 w-full" />
      ) : list.isError ? (
        <LoadError what="your mentors" onRetry={() => void list.refetch()} />
      ) : active.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">Subscribe to a mentor to book sessions.</p>
      ) : (
        <ul className="grid gap-3">
          {active.map((s) => (
            <li key={s.id}>
              <Link to="/mentees/schedules" search={{ mentorId: s.mentor.id }} className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                {s.mentor.firstName} {s.mentor.lastName} · {s.callsLeft} of {s.callsPerPeriod} calls left
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MentorSchedule({ mentorId, trial }: { mentorId: string; trial: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const zone = useMyZone();
  const schedule = useQuery(trpc.scheduling.mentorSchedule.queryOptions({ mentorId }));
  const done = {
    onSuccess: async () => {
      toast.success("Slot allocated successfully");
      await Promise.all([queryClient.invalidateQueries(trpc.scheduling.pathFilter()), queryClient.invalidateQueries(trpc.subscriptions.pathFilter())]);
    },
    onError: async (error: unknown) => {
      toast.error("Slot allocation failed", { description: apiError(error)?.message ?? "Please check your connection and try again." });
      await queryClient.invalidateQueries(trpc.scheduling.mentorSchedule.queryFilter({ mentorId }));
    },
  };
  const book = useMutation(trpc.scheduling.book.mutationOptions(done));
  const bookTrial = useMutation(trpc.scheduling.bookTrial.mutationOptions(done));
  const busy = book.isPending || bookTrial.isPending;

  if (schedule.isPending) return <Skeleton role="status" aria-label="Loading the schedule" className="h-64 w-full" />;
  if (schedule.isError) return <LoadError what="this schedule" onRetry={() => void schedule.refetch()} />;
  const s = schedule.data;
  const asTrial = trial && !s.trialUsed;
  const canBook = asTrial || (s.isEnrollmentActive && s.callsLeft > 0);
  const byDay = new Map<string, typeof s.timeSlots>();
  for (const slot of s.timeSlots) {
    const day = formatDate(slot.start, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }

  return (
    <section aria-labelledby="schedule-title" className="grid gap-4">
      <div className="grid gap-1">
        <h1 id="schedule-title" className="text-2xl font-bold text-slate-900">
          {asTrial ? `Book a free intro call with ${s.mentor.name}` : `Book a session with ${s.mentor.name}`}
        </h1>
        <p className="text-slate-600">Times are in your time zone, {zoneLabel(zone)}.</p>
        <p className="font-medium text-slate-800" data-testid="calls-left">
          {asTrial
            ? "One free 15-minute intro call per mentor."
            : s.isEnrollmentActive
              ? `${s.callsLeft} of ${s.callsPerPeriod} calls left this period${s.periodEnd ? ` (until ${formatDate(s.periodEnd, zone)})` : ""}`
              : "Subscribe to this mentor to book sessions."}
        </p>
        {trial && s.trialUsed ? <p className="text-slate-700">You have already had your free intro call with this mentor.</p> : null}
      </div>
      {s.timeSlots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">{s.mentor.name} has no open slots right now. Check back soon.</p>
      ) : (
        [...byDay.entries()].map(([day, slots]) => (
          <Card key={day}>
            <CardContent className="grid gap-3 pt-6">
              <h2 className="font-semibold text-slate-900">{day}</h2>
              <ul className="grid gap-2">
                {slots.map((slot) => (
                  <li key={slot.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3">
                    <div className="grid">
                      <SlotTime start={slot.start} zone={zone} otherZone={slot.mentorTimeZone} otherLabel="Mentor's time" />
                      {slot.title ? <span className="text-sm text-slate-700">{slot.title}</span> : null}
                    </div>
                    <Button
                      disabled={!canBook || busy}
                      aria-label={`Book ${formatDate(slot.start, zone)} ${formatTime(slot.start, zone)}`}
                      onClick={() => (asTrial ? bookTrial.mutate({ slotId: slot.id }) : book.mutate({ slotId: slot.id }))}
                    >
                      {asTrial ? "Book intro call" : "Book"}
                    </Button>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))
      )}
    </section>
  );
}
