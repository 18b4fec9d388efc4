import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { toast } from "@/lib/toast";
import { CalendarFeedPanel } from "@/components/calendar-feed-panel";
import { LoadError } from "@/components/load-error";
import { SlotTime } from "@/components/slot-time";
import { useMyZone } from "@/lib/use-my-zone";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { apiError } from "@/lib/api-error";
import { useAuthFetch } from "@/lib/auth-fetch";
import { useTRPC } from "@/lib/trpc";
import { zoneLabel } from "@/lib/zoned";
import type { SlotView } from "@/lib/api-types";

export const Route = createFileRoute("/mentees/booked-slots")({ component: BookedSlots });

type Booking = SlotView & { canCancel: boolean };

/** "Join session" shows from an hour before the start (the live page counts down to 10 minutes before, then enters). */
const JOIN_SHOWN_MS = 60 * 60 * 1000;

function BookedSlots() {
  const trpc = useTRPC();
  const zone = useMyZone();
  // Refetched every minute, so "Join session" appears as a start comes near.
  const list = useQuery({ ...trpc.scheduling.myBookings.queryOptions(), refetchInterval: 60_000 });
  return (
    <section aria-labelledby="booked-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="booked-title" className="text-2xl font-bold text-slate-900">
          Booked Slots
        </h1>
        <p className="text-slate-600">Times are in your time zone, {zoneLabel(zone)}. You can cancel up to 12 hours before a session.</p>
      </div>
      {list.isPending ? (
        <Skeleton role="status" aria-label="Loading your bookings" className="h-40 w-full" />
      ) : list.isError ? (
        <LoadError what="your bookings" onRetry={() => void list.refetch()} />
      ) : (
        <>
          <BookingList title="Upcoming" empty="No upcoming sessions. Book one from a mentor's profile." items={list.data.upcoming} zone={zone} upcoming />
          <BookingList title="Past" empty="No past sessions yet." items={list.data.past} zone={zone} />
        </>
      )}
      <CalendarFeedPanel />
    </section>
  );
}

function BookingList({ title, empty, items, zone, upcoming = false }: { title: string; empty: string; items: Booking[]; zone: string; upcoming?: boolean }) {
  return (
    <section aria-label={`${title} sessions`} className="grid gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-700">{empty}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((b) => (
            <li key={b.id}>
              <BookingCard booking={b} zone={zone} upcoming={upcoming} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingCard({ booking: b, zone, upcoming }: { booking: Booking; zone: string; upcoming: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const authFetch = useAuthFetch();
  const cancel = useMutation(
    trpc.scheduling.cancel.mutationOptions({
      onSuccess: async () => {
        toast.success("Booking cancelled");
        await Promise.all([queryClient.invalidateQueries(trpc.scheduling.pathFilter()), queryClient.invalidateQueries(trpc.subscriptions.pathFilter())]);
      },
      onError: (error) => toast.error("Something went wrong", { description: apiError(error)?.message }),
    }),
  );
  const download = async () => {
    try {
      const response = await authFetch("mentee", `/api/calendar/booking/${b.id}.ics`);
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = `mentorlink-session-${b.start.slice(0, 10)}.ics`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      toast.error("Something went wrong", { description: "The calendar file could not be downloaded." });
    }
  };
  return (
    <Card>
      <CardContent className="flex flex-wrap items-start justify-between gap-3 pt-6">
        <div className="grid gap-1">
          <p className="font-semibold text-slate-900">
            {b.type === "trial" ? "Free intro call" : "Session"} with {b.mentorName}
          </p>
          <SlotTime start={b.start} zone={zone} otherZone={b.mentorTimeZone} otherLabel="Mentor's time" />
          {b.title ? <p className="text-sm text-slate-700">{b.title}</p> : null}
        </div>
        {upcoming ? (
          <div className="flex flex-wrap gap-2">
            {Date.parse(b.start) - Date.now() < JOIN_SHOWN_MS ? (
              <Button asChild>
                <a href={`/mentees/connect/live/${b.id}`} target="_blank" rel="noopener">
                  Join session
                </a>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => void download()}>
              Add to calendar (.ics)
            </Button>
            {b.canCancel ? (
              <Button variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate({ slotId: b.id })}>
                Cancel booking
              </Button>
            ) : (
              <span className="self-center text-sm text-slate-600">Starts within 12 hours: message your mentor to change it.</span>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
