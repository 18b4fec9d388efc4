import type { EventContentArg, EventInput } from "@fullcalendar/core";
import { t } from "@lingui/core/macro";
import type { SlotView } from "@/platform/api-types";
import { formatIn, LONG_WEEKDAY_DATE_TIME } from "../../shared/zoned-time";

/**
 * What the scheduler's calendar (slot-calendar.tsx) draws for a slot: its words, its accessible name, its contents and
 * classes, and the busy time of the mentor's own calendars behind the slots.
 */

/** The week as a list: a phone's agenda. */
export const LIST = "listWeek";

function stateLabel(slot: SlotView): string {
  if (slot.state === "booked") {
    const name = slot.menteeName ?? t`a mentee`;
    return slot.type === "trial" ? t`Booked: ${name} (intro call)` : t`Booked: ${name}`;
  }
  return slot.state === "past" ? t`Past, not booked` : t({ message: "Open", context: "slot" });
}

/** What the event says besides its time: the state, the slot's title, a pending request to reschedule. */
const eventLines = (slot: SlotView) =>
  [stateLabel(slot), slot.title, slot.rescheduleRequest ? t`Reschedule requested` : null].filter((x): x is string => Boolean(x));

/** An event's accessible name: its day and time in the mentor's zone, what it says, where it came from. */
export function eventName(slot: SlotView, zone: string): string {
  const when = formatIn(slot.start, "dddd, MMMM D, h:mm a", LONG_WEEKDAY_DATE_TIME, zone);
  const what = eventLines(slot).join(", ");
  return slot.source === "hours" ? t`${when}: ${what} (from your weekly hours). Open details` : t`${when}: ${what}. Open details`;
}

/** An element with its classes and children, for the events' contents (drawn without React, see below). */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const child of children) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

/**
 * What an event shows. In the grid: its time, as its name says it ("10:00 am", so what is seen is what is heard, WCAG
 * 2.5.3), then its lines; the event itself is the button (named in `eventDidMount`). In the list, whose rows show the
 * time beside: its lines in a button named in full. Spaces between the blocks, so the words do not run together when read.
 */
export function eventContent(arg: EventContentArg, slot: SlotView | undefined, zone: string): { domNodes: Node[] } {
  const lines = (slot ? eventLines(slot) : [arg.event.title]).map((line, i) =>
    element("span", i === 0 ? "block break-words" : "block break-words italic", line, " "),
  );
  if (arg.view.type === LIST) {
    const button = element("button", "slot-list-button", ...lines);
    button.type = "button";
    if (slot) {
      button.setAttribute("aria-label", eventName(slot, zone));
      button.dataset.slotId = slot.id;
    }
    return { domNodes: [button] };
  }
  const time = slot ? formatIn(slot.start, "h:mm a", { hour: "numeric", minute: "2-digit" }, zone) : arg.timeText;
  return {
    domNodes: [
      element("span", "block overflow-hidden px-0.5 text-xs leading-tight", element("b", "block font-semibold", time), " ", ...lines),
    ],
  };
}

export const NO_BUSY: { startAt: string; endAt: string }[] = [];

export const toEvents = (slots: SlotView[], busy: { startAt: string; endAt: string }[] = []): EventInput[] => [
  ...slots.map((s) => ({ id: s.id, start: s.start, end: s.end, title: eventLines(s).join(" · "), classNames: eventClasses(s) })),
  // Behind the slots, not buttons: the Calendars tab lists the same times for the keyboard and screen readers.
  ...busy.map((b, i) => ({ id: `busy-${i}`, start: b.startAt, end: b.endAt, display: "background", classNames: ["busy-time"] })),
];

const eventClasses = (slot: SlotView) => [
  `slot-${slot.state}`,
  `slot-from-${slot.source}`,
  ...(slot.rescheduleRequest ? ["slot-reschedule"] : []),
];
