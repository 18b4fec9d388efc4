import { Link } from "@tanstack/react-router";
import { JoinSessionLink } from "@/components/booking/join-session-link";
import { SlotTime } from "@/components/slot-time";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ALL } from "@/lib/browse";
import { HomePanel } from "./home-panel";
import type { MenteeHomeData } from "./types";

/** Her next session in her zone (with the mentor's time beside it), with Join from an hour before; or how to book one. */
export function NextSessionPanel({ home, zone }: { home: MenteeHomeData; zone: string }) {
  const next = home.nextSession;
  const more = home.upcomingSessions - 1;
  return (
    <HomePanel
      id="home-next-session"
      title="Your next session"
      action={
        next ? (
          <Link to="/mentees/booked-slots" className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline">
            {more > 0 ? `All booked sessions (${more} more)` : "All booked sessions"}
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
                {next.type === "trial" ? "Free intro call" : "Session"} with <span className="font-semibold text-slate-900">{next.mentorName}</span>
              </p>
              <SlotTime start={next.start} zone={zone} otherZone={next.mentorTimeZone} otherLabel={`${next.mentorName.split(" ")[0]}'s time`} />
            </div>
          </div>
          <JoinSessionLink
            slotId={next.id}
            start={next.start}
            later={<p className="text-sm text-slate-600">Join opens an hour before the start.</p>}
          />
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-slate-600">
            {home.subscriptions.length ? "No session booked. Pick a time with your mentor." : "No session booked yet. Find a mentor, subscribe and book your first call."}
          </p>
          <div>
            <Button asChild>
              {home.subscriptions.length ? (
                <Link to="/mentees/schedules">Book a session</Link>
              ) : (
                <Link to="/mentees/browse/mentor/$search" params={{ search: ALL }}>
                  Browse mentors
                </Link>
              )}
            </Button>
          </div>
        </div>
      )}
    </HomePanel>
  );
}
