import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { formatDate } from "@/platform/zoned";
import { ALL } from "@/search/browse";
import { Avatar } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { HomePanel } from "./home-panel";
import type { MenteeHomeData } from "./types";

const callsText = (left: number, of: number) => plural(of, { one: `${left} of # call left`, other: `${left} of # calls left` });

/** Per running subscription: calls left this period, when the period ends or renews, and Schedule. */
export function CallsLeftPanel({ home, zone }: { home: MenteeHomeData; zone: string }) {
  const { t } = useLingui();
  return (
    <HomePanel
      id="home-calls-left"
      title={t`Calls left this period`}
      action={
        home.subscriptions.length ? (
          <Link to="/mentees/subscribed-mentors" className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline">
            <Trans>Subscriptions</Trans>
          </Link>
        ) : null
      }
    >
      {home.subscriptions.length ? (
        <ul className="grid gap-3">
          {home.subscriptions.map((s) => {
            const mentorName = s.mentorName;
            const date = s.periodEnd ? formatDate(s.periodEnd, zone) : "";
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar src={s.mentorImage} name={s.mentorName} className="size-10" />
                  <div className="grid min-w-0">
                    <span className="truncate font-medium text-slate-900">{s.mentorName}</span>
                    <span className="text-sm text-slate-600">
                      <span data-testid="calls-left">{callsText(s.callsLeft, s.callsPerPeriod)}</span>
                      {s.periodEnd ? ` · ${s.status === "ending" ? t`ends ${date}` : t`renews ${date}`}` : null}
                    </span>
                  </div>
                </div>
                {s.callsLeft > 0 ? (
                  <Button asChild size="sm" variant="outline">
                    <Link to="/mentees/schedules" search={{ mentorId: s.mentorId }} aria-label={t`Schedule with ${mentorName}`}>
                      <Trans>Schedule</Trans>
                    </Link>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="grid gap-3">
          <p className="text-slate-600">
            <Trans>No active subscription. A monthly plan gives you 4 one-hour calls with your mentor.</Trans>
          </p>
          <div>
            <Button asChild variant="outline">
              <Link to="/mentees/browse/mentor/$search" params={{ search: ALL }}>
                <Trans>Browse mentors</Trans>
              </Link>
            </Button>
          </div>
        </div>
      )}
    </HomePanel>
  );
}
