import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { viewerZone, viewerZoneInput } from "@/platform/viewer-zone";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { ListError, useErrorToast } from "./list-states";
import { StatisticsChart } from "./statistics-chart";
import { UnresponsiveMentors } from "./unresponsive-mentors";

function Count({ label, value, to }: { label: string; value: number | undefined; to: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <p className="text-sm text-slate-600">{label}</p>
        {value === undefined ? <Skeleton className="h-8 w-12" /> : <p className="text-3xl font-bold text-slate-900">{value}</p>}
        {to}
      </CardContent>
    </Card>
  );
}

const linkClass = "text-sm font-medium text-indigo-700 underline";

/** The moderator home: what waits for a moderator, each linking to its list, and the daily statistics in the viewer's time zone. */
export function ModeratorHome() {
  const trpc = useTRPC();
  const session = useSession("moderator");
  const { t } = useLingui();
  const zone = viewerZoneInput();
  const counts = useQuery(trpc.moderation.home.queryOptions(zone));
  const enrollments = useQuery(trpc.moderation.dailyEnrollments.queryOptions(zone));
  const newMentees = useQuery(trpc.moderation.dailyNewMentees.queryOptions(zone));
  const fees = useQuery(trpc.moderation.feeRevenuePerDay.queryOptions(zone));
  useErrorToast(counts.isError, t`Error Fetching Counts`);
  useErrorToast(enrollments.isError || newMentees.isError || fees.isError, t`Error Fetching Statistics`);
  const c = counts.data;
  const name = session?.name;
  const zoneName = viewerZone();
  return (
    <section aria-labelledby="moderator-home-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="moderator-home-title" className="text-2xl font-bold text-slate-900">
          {name ? t`Welcome, ${name}` : t`Welcome`}
        </h1>
        <p className="text-slate-600">
          <Trans>Review mentor applicants, tickets and accounts. Days are in your time zone ({zoneName}).</Trans>
        </p>
      </div>
      {counts.isError ? <ListError what={t`the counts`} onRetry={() => void counts.refetch()} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Count
          label={t`Pending applicants`}
          value={c?.pendingApplicants}
          to={
            <Link to="/moderator/mentor-applicants" className={linkClass}>
              <Trans>Review applicants</Trans>
            </Link>
          }
        />
        <Count
          label={t`Open tickets`}
          value={c?.openTickets}
          to={
            <Link to="/moderator/tickets" className={linkClass}>
              <Trans>Handle tickets</Trans>
            </Link>
          }
        />
        <Count
          label={t`New mentees today`}
          value={c?.newMenteesToday}
          to={
            <Link to="/moderator/mentees-list" className={linkClass}>
              <Trans>Mentees List</Trans>
            </Link>
          }
        />
        <Count
          label={t`Active subscriptions`}
          value={c?.activeSubscriptions}
          to={
            <Link to="/moderator/mentors-list" className={linkClass}>
              <Trans>Mentors List</Trans>
            </Link>
          }
        />
      </div>
      <p>
        <Link to="/moderator/background-work" className={linkClass}>
          <Trans>Background work: e-mails and reminders waiting, and what was parked</Trans>
        </Link>
      </p>
      <p>
        <Link to="/moderator/deletions" className={linkClass}>
          <Trans>Account deletions in progress</Trans>
        </Link>
      </p>
      <UnresponsiveMentors />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="sr-only">
              <Trans>Daily enrollments</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {enrollments.data ? (
              <StatisticsChart id="enrollments" title={t`Daily enrollments`} label={t`enrollments`} days={enrollments.data} />
            ) : enrollments.isError ? (
              <ListError what={t`the enrollments`} onRetry={() => void enrollments.refetch()} />
            ) : (
              <div role="status" aria-label={t`Loading daily enrollments`}>
                <Skeleton className="h-64 w-full" />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="sr-only">
              <Trans>Daily new mentees</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {newMentees.data ? (
              <StatisticsChart id="new mentees" title={t`Daily new mentees`} label={t`new mentees`} days={newMentees.data} />
            ) : newMentees.isError ? (
              <ListError what={t`the new mentees`} onRetry={() => void newMentees.refetch()} />
            ) : (
              <div role="status" aria-label={t`Loading daily new mentees`}>
                <Skeleton className="h-64 w-full" />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="sr-only">
              <Trans>Platform fees per day</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {fees.data ? (
              <StatisticsChart
                id="fees"
                title={t`Platform fees per day (last 30 days)`}
                label={t`fees`}
                unit="paise"
                days={fees.data.map((d) => ({ date: d.date, count: d.feePaise }))}
              />
            ) : fees.isError ? (
              <ListError what={t`the platform fees`} onRetry={() => void fees.refetch()} />
            ) : (
              <div role="status" aria-label={t`Loading platform fees per day`}>
                <Skeleton className="h-64 w-full" />
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
