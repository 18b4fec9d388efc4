import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { PushOfferSlot } from "@/notifications/push-offer-slot";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { calendarDraft, googleCalendarUrl, outlookCalendarUrl } from "@/scheduling/booking/calendar-links";
import { ChangeBooking } from "@/scheduling/booking/change-booking";
import { useIcsDownload } from "@/scheduling/booking/ics-download";
import { JoinOpensNote, JoinSessionLink } from "@/scheduling/booking/join-session-link";
import { readStanding } from "@/scheduling/booking/standing-store";
import type { StandingResult } from "@/scheduling/booking/types";
import { SlotTime } from "@/scheduling/slot-time";
import { useShownZone, ZonePicker } from "@/scheduling/zone-picker";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { TextWithLinks } from "@/ui/text-with-links";

export const Route = createFileRoute("/mentees/booking-confirmed/$slotId")({ component: BookingConfirmed });

/**
 * "You're booked": the session in her zone (or one she picks) and the mentor's, the agenda, Join (when the live room
 * opens), Add to Google Calendar / Outlook / .ics, Reschedule and Cancel, her booked slots.
 */
function BookingConfirmed() {
  const { t } = useLingui();
  const { slotId } = Route.useParams();
  const trpc = useTRPC();
  const [zone, setZone] = useShownZone();
  const download = useIcsDownload();
  // Refetched every minute, so Join appears as the start comes near.
  const list = useQuery({ ...trpc.scheduling.myBookings.queryOptions(), refetchInterval: 60_000 });
  const standing = readStanding(slotId);
  const [arrival, setArrival] = useState(() => ({ slotId, at: Date.now() }));
  if (arrival.slotId !== slotId) setArrival({ slotId, at: Date.now() });

  const loading = <Skeleton role="status" aria-label={t`Loading your booking`} className="h-48 w-full" />;
  if (list.isPending) return loading;
  if (list.isError) return <LoadError what={t`your booking`} onRetry={() => void list.refetch()} />;
  const booking = list.data.upcoming.find((b) => b.id === slotId);
  // Just moved here, the list may still be the one from before the move: it is not "not found" until a list fetched
  // since she arrived says so (a later refresh of the minute does not blank the page).
  if (!booking && list.isFetching && list.dataUpdatedAt < arrival.at) return loading;
  if (!booking) {
    return (
      <section aria-labelledby="booked-title" className="grid gap-3">
        <h1 id="booked-title" className="text-2xl font-bold text-slate-900">
          <Trans>Booking not found</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>This session is not among your upcoming bookings: it may have been moved, cancelled or already held.</Trans>
        </p>
        <BookedSlotsLink />
      </section>
    );
  }
  const mentorName = booking.mentorName;
  const event = calendarDraft(booking);
  return (
    <section aria-labelledby="booked-title" className="grid max-w-2xl gap-4">
      <div className="flex items-center gap-2">
        <CalendarCheck aria-hidden="true" className="size-7 text-emerald-600" />
        <h1 id="booked-title" className="text-2xl font-bold text-slate-900">
          <Trans>You're booked</Trans>
        </h1>
      </div>
      <ZonePicker zone={zone} onChange={setZone} />
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <p className="font-semibold text-slate-900">
            {booking.type === "trial" ? <Trans>Free intro call with {mentorName}</Trans> : <Trans>Session with {mentorName}</Trans>}
          </p>
          {booking.title ? <p className="text-sm text-slate-700">{booking.title}</p> : null}
          <SlotTime start={booking.start} zone={zone} otherZone={booking.mentorTimeZone} otherLabel={t`Mentor's time`} />
          <div>
            <p className="text-sm text-slate-600">
              <Trans>What you'd like to discuss</Trans>
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-900" data-testid="agenda">
              {booking.agenda ? <TextWithLinks text={booking.agenda} /> : t`Nothing noted. You can tell your mentor in the chat.`}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <JoinSessionLink slotId={booking.id} type={booking.type} start={booking.start} end={booking.end} later={<JoinOpensNote />} />
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium text-slate-800">
              <Trans>Add to your calendar</Trans>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
                  <Trans>Add to Google Calendar</Trans>
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
                  <Trans>Outlook</Trans>
                </a>
              </Button>
              <Button variant="outline" onClick={() => void download(booking)}>
                <Trans>Add to calendar (.ics)</Trans>
              </Button>
            </div>
          </div>
          <ChangeBooking booking={booking} zone={zone} />
        </CardContent>
      </Card>
      {standing ? <StandingSummary result={standing} zone={zone} /> : null}
      <PushOfferSlot
        role="mentee"
        title={t`Get a reminder on this device?`}
        text={t`We can remind you here 24 hours and 1 hour before your session, and tell you when your mentor replies, even when MentorLink is closed. Change it any time under Notifications.`}
      />
      <BookedSlotsLink />
    </section>
  );
}

function BookedSlotsLink() {
  return (
    <p>
      <Link to="/mentees/booked-slots" className="font-medium text-indigo-700 underline">
        <Trans>See your booked slots</Trans>
      </Link>
    </p>
  );
}

/** A standing booking: every week booked, and every week skipped with why. */
function StandingSummary({ result, zone }: { result: StandingResult; zone: string }) {
  const { t } = useLingui();
  const bookedCount = result.booked.length;
  return (
    <section aria-labelledby="standing-title" className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="standing-title" className="font-semibold text-slate-900">
        <Trans>Every week, same time</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        <Plural value={bookedCount} one="# session booked:" other="# sessions booked:" />
      </p>
      <ul className="grid gap-1 text-sm text-slate-900" aria-label={t`Booked weeks`}>
        {result.booked.map((b) => (
          <li key={b.id}>{dateTime(b.start, zone)}</li>
        ))}
      </ul>
      {result.skipped.length > 0 ? (
        <>
          <p className="text-sm text-slate-700">
            <Trans>Not booked:</Trans>
          </p>
          <ul className="grid gap-1 text-sm text-slate-700" aria-label={t`Skipped weeks`}>
            {result.skipped.map((s) => (
              <li key={s.start}>
                {dateTime(s.start, zone)}: {translateServerMessage(s.reason)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
