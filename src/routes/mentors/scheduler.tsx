import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import * as TabsPrimitive from "@radix-ui/react-tabs";
import { createFileRoute, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { schedulerBusyWindow } from "@/calendars/busy-window";
import { ListLoading } from "@/moderation/list-states";
import { PushOfferSlot } from "@/notifications/push-offer-slot";
import { startReads } from "@/platform/route-prefetch";
import { useMyZone } from "@/platform/use-my-zone";
import { zoneLabel } from "@/platform/zoned";
import { CalendarFeedPanel } from "@/scheduling/calendar-feed-panel";
import { CalendarSection } from "@/scheduling/scheduler/calendar-section";
import { Tabs, TabsContent, TabsTrigger } from "@/ui/tabs";

export const Route = createFileRoute("/mentors/scheduler")({
  loader: ({ context }) =>
    startReads(context.reads, "mentor", (trpc, as) => [
      trpc.scheduling.mySlots.queryOptions(undefined, as),
      trpc.scheduling.availability.queryOptions(undefined, as),
      trpc.scheduling.calendarFeed.queryOptions(undefined, as),
      trpc.calendars.busy.queryOptions(schedulerBusyWindow(), as),
    ]),
  component: Scheduler,
});

// The calendar is the tab the page opens on; the other three load when the mentor opens them (to keep the page's first load light).
const WeeklyHoursEditor = lazy(() => import("@/scheduling/scheduler/weekly-hours-editor").then((m) => ({ default: m.WeeklyHoursEditor })));
const TimeOffList = lazy(() => import("@/scheduling/scheduler/time-off-list").then((m) => ({ default: m.TimeOffList })));
const BookingRulesForm = lazy(() => import("@/scheduling/scheduler/booking-rules-form").then((m) => ({ default: m.BookingRulesForm })));
const CalendarsCard = lazy(() => import("@/calendars/calendars-card").then((m) => ({ default: m.CalendarsCard })));

const SECTIONS = [
  ["calendar", msg`Calendar`],
  ["hours", msg`Weekly hours`],
  ["time-off", msg`Time off`],
  ["rules", msg`Booking rules`],
  ["calendars", msg`My calendars`],
] as const;

/**
 * The mentor's scheduler (ADR 0023): his calendar of slots, his weekly hours, his time off, his booking rules and his
 * connected calendars (ADR 0040), one tab each.
 */
function Scheduler() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const zone = useMyZone();
  const zoneName = zoneLabel(zone);
  // Back from connecting Google Calendar (`?calendars=`): its tab opens, and the card says how it went.
  const back = useRouterState({ select: (s) => "calendars" in s.location.search });
  const [section, setSection] = useState<string>(back ? "calendars" : "calendar");
  return (
    <section aria-labelledby="scheduler-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="scheduler-title" className="text-2xl font-bold text-slate-900">
          <Trans>Scheduler</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>Publish one-hour slots. Times are in your time zone, {zoneName} (change it in your profile).</Trans>
        </p>
      </div>
      <Tabs value={section} onValueChange={setSection}>
        {/* Rows of two on a phone, one row from 640 px: five names do not fit 360 px in one row. */}
        <TabsPrimitive.List
          aria-label={t`Scheduler sections`}
          className="grid w-full grid-cols-2 gap-1 rounded-md bg-slate-100 p-1 text-slate-600 sm:grid-cols-5"
        >
          {SECTIONS.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {i18n._(label)}
            </TabsTrigger>
          ))}
        </TabsPrimitive.List>
        <TabsContent value="calendar" className="grid gap-6">
          <CalendarSection zone={zone} />
          <CalendarFeedPanel />
        </TabsContent>
        <TabsContent value="hours">
          <Suspense fallback={<ListLoading label={t`Loading weekly hours`} rows={2} />}>
            <WeeklyHoursEditor zone={zone} />
          </Suspense>
        </TabsContent>
        <TabsContent value="time-off">
          <Suspense fallback={<ListLoading label={t`Loading time off`} rows={2} />}>
            <TimeOffList zone={zone} />
          </Suspense>
        </TabsContent>
        <TabsContent value="rules">
          <Suspense fallback={<ListLoading label={t`Loading booking rules`} rows={2} />}>
            <BookingRulesForm />
          </Suspense>
        </TabsContent>
        <TabsContent value="calendars">
          <Suspense fallback={<ListLoading label={t`Loading your calendars`} rows={2} />}>
            <CalendarsCard zone={zone} />
          </Suspense>
        </TabsContent>
      </Tabs>
      {/* Below the tabs: it appears once its code and the device's state are known, and must not push the calendar down (CLS). */}
      <PushOfferSlot
        role="mentor"
        title={t`Know when a mentee books?`}
        text={t`Get a notification on this device when a mentee books, moves or cancels one of your slots, and before each session, even when MentorLink is closed. Change it any time under Notifications.`}
      />
    </section>
  );
}
