import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { CalendarClock } from "lucide-react";
import { dateTime } from "@/platform/zoned";
import type { MenteeHomeData } from "./types";

/**
 * Her sessions a mentor asked her to move, at the top of her home (the bell has the same notice): each with his words
 * and the way to answer on her booked slots ("Pick a new time", or cancel with the call back).
 */
export function RescheduleRequests({ requests, zone }: { requests: MenteeHomeData["rescheduleRequests"]; zone: string }) {
  const { t } = useLingui();
  if (requests.length === 0) return null;
  return (
    <section aria-label={t`Sessions to move`} className="grid gap-2">
      {requests.map((r) => {
        const mentorName = r.mentorName;
        const when = dateTime(r.start, zone);
        const message = r.rescheduleRequest?.message;
        return (
          <div
            key={r.id}
            role="status"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
              <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span className="break-words">
                {message ? (
                  <Trans>
                    {mentorName} asked you to move your session on {when}: “{message}”
                  </Trans>
                ) : (
                  <Trans>
                    {mentorName} asked you to move your session on {when}.
                  </Trans>
                )}
              </span>
            </p>
            <Link to="/mentees/booked-slots" className="font-medium text-amber-900 underline">
              <Trans>Pick a new time</Trans>
            </Link>
          </div>
        );
      })}
    </section>
  );
}
