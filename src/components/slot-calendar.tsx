import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { DateClickArg } from "@fullcalendar/interaction";
import interactionPlugin from "@fullcalendar/interaction";
import luxonPlugin from "@fullcalendar/luxon3";
import FullCalendar from "@fullcalendar/react";
import hindiCalendar from "@fullcalendar/core/locales/hi";
import { currentLocale } from "@/lib/i18n";
import timeGridPlugin from "@fullcalendar/timegrid";
import type { EventClickArg, EventContentArg, EventInput } from "@fullcalendar/core";
import { useEffect, useRef, useState } from "react";
import { formatIn, LONG_WEEKDAY_DATE_TIME } from "../../shared/zoned-time";
import type { SlotView } from "@/lib/api-types";
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

/** Below this width the calendar shows one day (3 days up to `WIDE`), so it stays usable on a 360 px phone. */
const NARROW = 640;
const WIDE = 1024;
const viewFor = (width: number) => (width < NARROW ? "timeGridDay" : width < WIDE ? "timeGridThreeDay" : "timeGridWeek");

function stateLabel(slot: SlotView): string {
  if (slot.state === "booked") {
    const name = slot.menteeName ?? t`a mentee`;
    return slot.type === "trial" ? t`Booked: ${name} (intro call)` : t`Booked: ${name}`;
  }
  return slot.state === "past" ? t`Past, not booked` : t({ message: "Open", context: "slot" });
}

/** What the event says besides its time: the state, the slot's title, a pending request to reschedule. */
const eventLines = (slot: SlotView) => [stateLabel(slot), slot.title, slot.rescheduleRequest ? t`Reschedule requested` : null].filter((x): x is string => Boolean(x));

/** An event's accessible name: its day and time in the mentor's zone, what it says, where it came from. */
function eventName(slot: SlotView, zone: string): string {
  const when = formatIn(slot.start, "dddd, MMMM D, h:mm a", LONG_WEEKDAY_DATE_TIME, zone);
  const what = eventLines(slot).join(", ");
  return slot.source === "hours" ? t`${when}: ${what} (from your weekly hours). Open details` : t`${when}: ${what}. Open details`;
}

const eventClasses = (slot: SlotView) => [`slot-${slot.state}`, `slot-from-${slot.source}`, ...(slot.rescheduleRequest ? ["slot-reschedule"] : [])];

/**
 * The scheduler's calendar: FullCalendar's time grid (a maintained component, ADR 0013) in the
 * mentor's named zone through its Luxon plugin. Open, booked (with the mentee's name) and past slots
 * are events (with their titles; generated and booked ones styled apart); each is focusable and opens
 * its details beside it with Enter or Space. Clicking an empty future time proposes a slot there (the
 * page asks before publishing); the form beside the calendar does the same from the keyboard. Loaded only on
 * the scheduler route (React.lazy), so the landing page never downloads it.
 */
export default function SlotCalendar({ zone, slots, onPickTime, onPastTime, onPickSlot, scrollTime = "08:00:00" }: SlotCalendarProps) {
  const calendar = useRef<FullCalendar>(null);
  const [initialView] = useState(() => viewFor(typeof window === "undefined" ? WIDE : window.innerWidth));
  const byId = new Map(slots.map((s) => [s.id, s]));
  const events: EventInput[] = slots.map((s) => ({
    id: s.id,
    start: s.start,
    end: s.end,
    title: eventLines(s).join(" · "),
    classNames: eventClasses(s),
  }));

  // Each event's accessible name follows its slot: FullCalendar mounts an event's element once and
  // keeps it when the slot changes (booked, a request to reschedule), so the names are set again here.
  const mounted = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    for (const [id, el] of mounted.current) {
      const slot = byId.get(id);
      if (slot) el.setAttribute("aria-label", eventName(slot, zone));
    }
  });

  // The grid follows the account's zone if it changes while the page is open (not on mounting: the calendar was made in
  // it, and setting it again draws the whole grid a second time).
  const drawnZone = useRef(zone);
  useEffect(() => {
    if (zone === drawnZone.current) return;
    drawnZone.current = zone;
    calendar.current?.getApi().setOption("timeZone", zone);
  }, [zone]);

  const wrapper = useRef<HTMLDivElement>(null);
  const hideToolbarIcons = () => wrapper.current?.querySelectorAll(".fc-toolbar .fc-icon").forEach((icon) => icon.setAttribute("aria-hidden", "true"));
  useEffect(() => {
    const frame = requestAnimationFrame(hideToolbarIcons);
    return () => cancelAnimationFrame(frame);
  });

  return (
    <div ref={wrapper} className="slot-calendar" data-testid="slot-calendar">
      <p className="sr-only">
        <Trans>
          Your slots, times in {zone}. Each slot is a button: press Enter to see its details. Clicking an empty time asks before publishing a slot there. To add a slot from the keyboard, use the form &ldquo;Add a slot&rdquo;.
        </Trans>
      </p>
      <FullCalendar
        ref={calendar}
        plugins={[luxonPlugin, timeGridPlugin, interactionPlugin]}
        timeZone={zone}
        // Its title, day headers and times in the reader's language (issue 27); our own button words stay ours.
        locale={currentLocale() === "hi" ? hindiCalendar : "en"}
        initialView={initialView}
        views={{ timeGridThreeDay: { type: "timeGrid", duration: { days: 3 }, buttonText: t`3 days` } }}
        headerToolbar={{ left: "prev,next today", center: "title", right: "timeGridDay,timeGridThreeDay,timeGridWeek" }}
        buttonText={{ today: t`Today`, day: t`Day`, week: t`Week` }}
        buttonHints={{ prev: t`Previous $0`, next: t`Next $0`, today: t`Go to today` }}
        // The arrows' icons are role="img" with no name; the buttons are named by their hints, so the icons are hidden (issue 28).
        datesSet={() => hideToolbarIcons()}
        windowResize={({ view }) => {
          const wanted = viewFor(window.innerWidth);
          if (view.type !== wanted) calendar.current?.getApi().changeView(wanted);
        }}
        firstDay={1}
        allDaySlot={false}
        nowIndicator
        slotDuration="00:30:00"
        scrollTime={scrollTime}
        height="70vh"
        expandRows
        dayHeaderFormat={{ weekday: "short", day: "numeric" }}
        slotLabelFormat={{ hour: "numeric", minute: "2-digit", meridiem: "short" }}
        eventTimeFormat={{ hour: "numeric", minute: "2-digit", meridiem: "short" }}
        displayEventEnd={false}
        events={events}
        eventContent={(arg: EventContentArg) => {
          const slot = byId.get(arg.event.id);
          return (
            <span className="block overflow-hidden px-0.5 text-xs leading-tight">
              {/* The time as the event's name says it ("10:00 am"), so what is seen is what is heard (WCAG 2.5.3, issue 28). */}
              {/* Spaces between the blocks, so the words do not run together when read as text ("10:00 am Open"). */}
              <b className="block font-semibold">{slot ? formatIn(slot.start, "h:mm a", { hour: "numeric", minute: "2-digit" }, zone) : arg.timeText}</b>{" "}
              {(slot ? eventLines(slot) : [arg.event.title]).map((line, i) => (
                <span key={i} className={i === 0 ? "block break-words" : "block break-words italic"}>
                  {line}{" "}
                </span>
              ))}
            </span>
          );
        }}
        eventDidMount={(arg) => {
          const slot = byId.get(arg.event.id);
          if (!slot) return;
          arg.el.setAttribute("role", "button");
          arg.el.setAttribute("aria-label", eventName(slot, zone));
          mounted.current.set(slot.id, arg.el);
        }}
        eventWillUnmount={(arg) => {
          if (mounted.current.get(arg.event.id) === arg.el) mounted.current.delete(arg.event.id);
        }}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          const slot = byId.get(arg.event.id);
          const box = arg.el.getBoundingClientRect();
          if (slot) onPickSlot(slot, { top: box.top, left: box.left, right: box.right, bottom: box.bottom });
        }}
        dateClick={(arg: DateClickArg) => {
          // With a named-zone plugin, `date` is the true instant of the mentor's wall-clock time clicked.
          if (arg.date.getTime() <= Date.now()) onPastTime();
          else onPickTime(arg.date);
        }}
      />
    </div>
  );
}
