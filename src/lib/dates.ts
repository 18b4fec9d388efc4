import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);
dayjs.extend(advancedFormat);

/** The viewer's IANA time zone, named wherever a date or time is shown. */
export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "3 days ago". */
export function fromNow(iso: string): string {
  return dayjs(iso).fromNow();
}

/** SPEC §9 formats in the viewer's zone: "March 5th 2025, 3:04 pm (Asia/Kolkata)". */
export function fullDateTime(iso: string): string {
  return `${dayjs(iso).format("MMMM Do YYYY, h:mm a")} (${VIEWER_TIME_ZONE})`;
}

/** SPEC §9 date format in the viewer's zone: "March 5th 2025". */
export function longDate(iso: string): string {
  return dayjs(iso).format("MMMM Do YYYY");
}
