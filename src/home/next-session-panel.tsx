import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { JoinOpensNote, JoinSessionLink } from "@/scheduling/booking/join-session-link";
import { SlotTime } from "@/scheduling/slot-time";
import { ALL } from "@/search/browse";
import { Avatar } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { HomePanel } from "./home-panel";
import type { MenteeHomeData } from "./types";

/** Her next session in her zone (with the mentor's time beside it), with Join from when the live room opens; or how to book one. */
export function NextSessionPanel({ home, zone }: { home: MenteeHomeData; zone: string }) {
  const { t } = useLingui();
  const next = home.nextSession;
  const more = home.upcomingSessions - 1;
  const mentorName = next?.mentorName ?? "";
  const firstName = mentorName.split(" ")[0];
  return (
    <HomePanel
      id="home-next-session"
      title={t`Your next session`}
      action={
        next ? (
          <Link to="/mentees/booked-slots" className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline">
            {more > 0 ? <Trans>All booked sessions ({more} more)</Trans> : <Trans>All booked sessions</Trans>}
          </Link>
        ) : null
      }
    >
      {next ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <Avatar src={next.mentorProfileImage} name={next.mentorName} className="size-12" />
            <div className="grid min-w-0 gap-0.5">
              <p className="truncate text-slate-700">
                {next.type === "trial" ? (
                  <Trans>
                    Free intro call with <span className="font-semibold text-slate-900">{mentorName}</span>
                  </Trans>
                ) : (
                  <Trans>
                    Session with <span className="font-semibold text-slate-900">{mentorName}</span>
                  </Trans>
                )}
              </p>
              <SlotTime start={next.start} zone={zone} otherZone={next.mentorTimeZone} otherLabel={t`${firstName}'s time`} />
            </div>
          </div>
          <JoinSessionLink slotId={next.id} type={next.type} start={next.start} end={next.end} later={<JoinOpensNote />} />
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-slate-600">
            {home.subscriptions.length ? (
              <Trans>No session booked. Pick a time with your mentor.</Trans>
            ) : (
              <Trans>No session booked yet. Find a mentor, subscribe and book your first call.</Trans>
            )}
          </p>
          <div>
            <Button asChild>
              {home.subscriptions.length ? (
                <Link to="/mentees/schedules">
                  <Trans>Book a session</Trans>
                </Link>
              ) : (
                <Link to="/mentees/browse/mentor/$search" params={{ search: ALL }}>
                  <Trans>Browse mentors</Trans>
                </Link>
              )}
            </Button>
          </div>
        </div>
      )}
    </HomePanel>
  );
}
