import { Calendar } from "@fullcalendar/core";
import hindiCalendar from "@fullcalendar/core/locales/hi";
import interactionPlugin from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import luxonPlugin from "@fullcalendar/luxon3";
import timeGridPlugin from "@fullcalendar/timegrid";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { schedulerBusyWindow } from "@/calendars/busy-window";
import type { SlotView } from "@/platform/api-types";
import { currentLocale } from "@/platform/i18n";
import { useTRPC } from "@/platform/trpc";
import { eventContent, eventName, LIST, NO_BUSY, toEvents } from "./slot-calendar-events";
import "./slot-calendar.css";

export type SlotCalendarProps = {
  /** The mentor's IANA zone: the grid, the "now" line and every click are in it, whatever the browser's zone. */
  zone: string;
  slots: SlotView[];
  /** A click on an empty future time: the instant clicked (a true UTC instant, from the mentor's wall clock); the page asks before publishing. */
  onPickTime: (start: Date) => void;
  onPastTime: () => void;
  /** A slot's event chosen, with where it is on screen so its details open beside it. */
  onPickSlot: (slot: SlotView, anchor: { top: number; left: number; right: number; bottom: number }) => void;
  /** Where the grid opens scrolled to ("HH:mm:ss"): an hour before the mentor's working hours. */
  scrollTime?: string;
};

/**
 * Below this width the calendar opens on the week as a list (a phone's agenda, and a light first drawing), with
 * the day's grid one button away; 3 days of the grid up to `WIDE`, then the week.
 */
const NARROW = 640;
const WIDE = 1024;
const viewFor = (width: number) => (width < NARROW ? LIST : width < WIDE ? "timeGridThreeDay" : "timeGridWeek");

/**
 * A tablet's grid under a bottom sheet: the calendar's toolbar and day headings to the top of the screen, then the
 * slot to the top of the times (the grid scrolls inside), so the days and the slot stay in view above the sheet.
 */
function bringAboveSheet(calendar: HTMLElement | null, event: HTMLElement) {
  calendar?.scrollIntoView({ block: "start" });
  const times = event.closest<HTMLElement>(".fc-scroller");
  if (!times) return;
  times.scrollTop += event.getBoundingClientRect().top - times.getBoundingClientRect().top - 8;
}

/**
 * The scheduler's calendar: FullCalendar (a maintained component, ADR 0013) in the mentor's named zone through its Luxon
 * plugin. Open, booked (with the mentee's name) and past slots are events (with their titles; generated and booked ones
 * styled apart); each is a button that opens its details beside it. Clicking an empty future time of the grid proposes a
 * slot there (the page asks before publishing); the form beside the calendar does the same from the keyboard. Loaded only
 * on the scheduler route (React.lazy), so the landing page never downloads it.
 *
 * Driven through FullCalendar's own API rather than its React component: the calendar is made in one task,
 * drawn in the next and given its events in the one after, and the events' contents are plain elements, not React
 * portals drawn in another pass, so no single task of a phone's first load holds the whole of it. Later changes reach it
 * as they happen: the slots by fetching its events again, the zone as an option.
 */
export default function SlotCalendar({ zone, slots, onPickTime, onPastTime, onPickSlot, scrollTime = "08:00:00" }: SlotCalendarProps) {
  // His connected calendars' busy time (ADR 0040), from our database only, drawn behind the slots; never waited for.
  const trpc = useTRPC();
  const [busyWindow] = useState(() => schedulerBusyWindow());
  const busy = useQuery(trpc.calendars.busy.queryOptions(busyWindow)).data ?? NO_BUSY;
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const byId = useMemo(() => new Map(slots.map((s) => [s.id, s])), [slots]);
  // What the calendar's callbacks read: the props of the last render.
  const latest = useRef({ zone, slots, busy, byId, onPickTime, onPastTime, onPickSlot });
  // The grid's events, mounted: FullCalendar keeps an event's element when the slot changes (booked, a request to
  // reschedule), so their names are set again after each change.
  const mounted = useRef(new Map<string, HTMLElement>());

  /**
   * Runs a change that draws the events anew (new slots, a new zone) and gives the focus back to the slot that had it: the
   * list's buttons and a refetched event's element are new elements, and a mentor reading with the keyboard would be
   * sent back to the top of the page.
   */
  const keepingFocus = (change: () => void) => {
    const focused =
      document.activeElement instanceof HTMLElement && host.current?.contains(document.activeElement)
        ? document.activeElement.dataset.slotId
        : undefined;
    change();
    if (focused && !host.current?.contains(document.activeElement))
      host.current?.querySelector<HTMLElement>(`[data-slot-id="${CSS.escape(focused)}"]`)?.focus();
  };

  const hideToolbarIcons = () =>
    host.current?.querySelectorAll(".fc-toolbar .fc-icon").forEach((icon) => icon.setAttribute("aria-hidden", "true"));

  useEffect(() => {
    const { zone: drawnZone, slots: drawnSlots, busy: drawnBusy } = latest.current;
    latest.current = { zone, slots, busy, byId, onPickTime, onPastTime, onPickSlot };
    // The grid follows the account's zone if it changes while the page is open (on mounting it is made in it).
    if (zone !== drawnZone) keepingFocus(() => calendar.current?.setOption("timeZone", zone));
    // Fetched again from `latest`, the events are drawn at once (FullCalendar renders synchronously), then named.
    if (slots !== drawnSlots || busy !== drawnBusy) keepingFocus(() => calendar.current?.refetchEvents());
    for (const [id, el] of mounted.current) {
      const slot = latest.current.byId.get(id);
      if (slot) el.setAttribute("aria-label", eventName(slot, zone));
    }
  });

  // Made once; what changes later reaches it through `latest` and the effects above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: FullCalendar is made on mounting only; a new scrollTime or helper would tear down the grid and the mentor's place in it
  useEffect(() => {
    let widthClass = viewFor(window.innerWidth);
    let drawn = false;
    let shown = false;
    /** Scrolls the calendar (its toolbar, then the day's times) to the top of the screen when the times are not in view. */
    const showTimes = () => {
      const times = host.current?.querySelector(".fc-view-harness");
      if (!times || !host.current) return;
      const { top } = times.getBoundingClientRect();
      const header = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--sticky-header")) || 0;
      if (top < header || top > window.innerHeight * 0.5) host.current.scrollIntoView({ block: "start" });
    };
    let waiting: (() => void) | null = null;
    const made = new Calendar(host.current!, {
      plugins: [luxonPlugin, timeGridPlugin, listPlugin, interactionPlugin],
      timeZone: latest.current.zone,
      // Its title, day headers and times in the reader's language (ADR 0027); our own button words stay ours.
      locale: currentLocale() === "hi" ? hindiCalendar : "en",
      initialView: widthClass,
      views: {
        timeGridThreeDay: { type: "timeGrid", duration: { days: 3 }, buttonText: t`3 days` },
        // The list's column headers (read by screen readers) in the reader's language; FullCalendar's Hindi has none.
        [LIST]: { noEventsContent: t`No slots this week.`, timeHint: t`Time`, eventHint: t`Slot` },
      },
      headerToolbar: { left: "prev,next today", center: "title", right: `${LIST},timeGridDay,timeGridThreeDay,timeGridWeek` },
      // By view first: the list is a week too, and would be called "Week".
      buttonText: { today: t`Today`, day: t`Day`, week: t`Week`, [LIST]: t`List` },
      buttonHints: { prev: t`Previous $0`, next: t`Next $0`, today: t`Go to today` },
      // A day's heading (in the list, over a column) opens that day's grid.
      navLinks: true,
      navLinkHint: t`Show the times of $0`,
      // Its links are anchors without an address (tabbable, pressed with Enter): named links for screen readers too.
      dayHeaderDidMount: ({ el }) => el.querySelectorAll("a[data-navlink]").forEach((link) => link.setAttribute("role", "link")),
      datesSet: ({ view }) => {
        // The arrows' icons are role="img" with no name; the buttons are named by their hints, so the icons are hidden.
        hideToolbarIcons();
        // A day chosen (its heading, "Day", the arrows): its times come into view when they are off screen, as on a
        // phone, where the grid starts under the form and the toolbar. Not on the first drawing: the page opens at its top.
        if (shown && view.type === "timeGridDay") showTimes();
        shown = true;
      },
      // A new width class (a phone turned, a window resized) gets its view; a view chosen by hand stays while the class does.
      windowResize: ({ view }) => {
        const wanted = viewFor(window.innerWidth);
        if (wanted === widthClass) return;
        widthClass = wanted;
        if (view.type !== wanted) made.changeView(wanted);
      },
      firstDay: 1,
      allDaySlot: false,
      nowIndicator: true,
      slotDuration: "00:30:00",
      scrollTime,
      // Every view, the list too, is as tall as the room kept for it before it was drawn (no shift of what follows).
      height: "70vh",
      expandRows: true,
      dayHeaderFormat: { weekday: "short", day: "numeric" },
      slotLabelFormat: { hour: "numeric", minute: "2-digit", meridiem: "short" },
      eventTimeFormat: { hour: "numeric", minute: "2-digit", meridiem: "short" },
      displayEventEnd: false,
      // The first answer waits until the calendar is drawn (below); later ones, a week moved to or slots changed, are given at once.
      events: (_range, success) => {
        const give = () => success(toEvents(latest.current.slots, latest.current.busy));
        if (drawn) give();
        else waiting = give;
      },
      eventContent: (arg) => eventContent(arg, latest.current.byId.get(arg.event.id), latest.current.zone),
      eventDidMount: (arg) => {
        const slot = latest.current.byId.get(arg.event.id);
        // A row of the list holds its own button; an event of the grid is the button.
        if (!slot || arg.view.type === LIST) return;
        arg.el.setAttribute("role", "button");
        arg.el.setAttribute("aria-label", eventName(slot, latest.current.zone));
        arg.el.dataset.slotId = slot.id;
        mounted.current.set(slot.id, arg.el);
      },
      eventWillUnmount: (arg) => {
        if (mounted.current.get(arg.event.id) === arg.el) mounted.current.delete(arg.event.id);
      },
      eventClick: (arg) => {
        arg.jsEvent.preventDefault();
        // On a phone or a tablet the details are a sheet along the bottom: the slot (on a tablet, the calendar's days
        // with it) goes to the top first, to stay in view above it.
        if (window.innerWidth < NARROW) arg.el.scrollIntoView({ block: "start" });
        else if (window.innerWidth < WIDE) bringAboveSheet(host.current, arg.el);
        const slot = latest.current.byId.get(arg.event.id);
        const box = arg.el.getBoundingClientRect();
        if (slot) latest.current.onPickSlot(slot, { top: box.top, left: box.left, right: box.right, bottom: box.bottom });
      },
      dateClick: (arg) => {
        // With a named-zone plugin, `date` is the true instant of the mentor's wall-clock time clicked.
        if (arg.date.getTime() <= Date.now()) latest.current.onPastTime();
        else latest.current.onPickTime(arg.date);
      },
    });
    calendar.current = made;
    // Made in this task, drawn in the next, its events drawn in the one after (until then the list's "no slots" is hidden).
    let fill: ReturnType<typeof setTimeout> | undefined;
    const draw = setTimeout(() => {
      made.render();
      drawn = true;
      fill = setTimeout(() => {
        waiting?.();
        waiting = null;
        host.current?.classList.remove("slot-calendar-filling");
      }, 0);
    }, 0);
    return () => {
      clearTimeout(draw);
      clearTimeout(fill);
      made.destroy();
      calendar.current = null;
      mounted.current.clear();
    };
  }, []);

  // The form named by its own title's words, so the hint names it as the page does in every language.
  const formName = t`Add a slot`;
  return (
    <div className="slot-calendar" data-testid="slot-calendar">
      <p className="sr-only">
        <Trans>
          Your slots, times in {zone}. Each slot is a button: press Enter to see its details. Clicking an empty time asks before publishing
          a slot there. To add a slot from the keyboard, use the form &ldquo;{formName}&rdquo;.
        </Trans>
      </p>
      {/* Its height before FullCalendar draws in it (the Worker's page, the first frames): the form after it never moves. */}
      <div ref={host} className="slot-calendar-filling min-h-[70vh]" />
    </div>
  );
}
