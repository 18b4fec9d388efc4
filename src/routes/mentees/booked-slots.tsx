import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { startReads } from "@/platform/route-prefetch";
import { useTRPC } from "@/platform/trpc";
import { BookingCard } from "@/scheduling/booking/booking-card";
import { CancelledList } from "@/scheduling/booking/cancelled-list";
import type { Booking } from "@/scheduling/booking/types";
import { CalendarFeedPanel } from "@/scheduling/calendar-feed-panel";
import { useShownZone, ZonePicker } from "@/scheduling/zone-picker";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";

export const Route = createFileRoute("/mentees/booked-slots")({
  loader: ({ context }) =>
    startReads(context.reads, "mentee", (trpc, as) => [
      trpc.scheduling.myBookings.queryOptions(undefined, as),
      trpc.scheduling.calendarFeed.queryOptions(undefined, as),
    ]),
  component: BookedSlots,
});

function BookedSlots() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [zone, setZone] = useShownZone();
  // Refetched every minute, so "Join session" appears as a start comes near.
  const list = useQuery({ ...trpc.scheduling.myBookings.queryOptions(), refetchInterval: 60_000 });
  return (
    <section aria-labelledby="booked-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="booked-title" className="text-2xl font-bold text-slate-900">
          <Trans>Booked Slots</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>You can reschedule or cancel up to 12 hours before a session.</Trans>
        </p>
        <ZonePicker zone={zone} onChange={setZone} />
      </div>
      {list.isPending ? (
        <Skeleton role="status" aria-label={t`Loading your bookings`} className="h-40 w-full" />
      ) : list.isError ? (
        <LoadError what={t`your bookings`} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <BookingList
            title={t`Upcoming`}
            label={t`Upcoming sessions`}
            empty={t`No upcoming sessions. Book one from a mentor's schedule.`}
            items={list.data.upcoming}
            zone={zone}
            upcoming
          />
          <BookingList title={t`Past`} label={t`Past sessions`} empty={t`No past sessions yet.`} items={list.data.past} zone={zone} />
          <CancelledList items={list.data.cancelled} zone={zone} />
        </>
      )}
      {/* Below the lists, drawn once they are: the lists never push it down while a phone's screen shows it (CLS). */}
      {list.isPending ? null : <CalendarFeedPanel />}
    </section>
  );
}

function BookingList({
  title,
  label,
  empty,
  items,
  zone,
  upcoming = false,
}: {
  title: string;
  label: string;
  empty: string;
  items: Booking[];
  zone: string;
  upcoming?: boolean;
}) {
  return (
    <section aria-label={label} className="grid gap-3">
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
