import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { lazy } from "react";
import { RecentSessions } from "@/attendance/recent-sessions";
import { AreaWelcome } from "@/layout/area-welcome";
import { GoLiveLink } from "@/live/go-live-link";
import { NewEnrollmentsNote } from "@/payouts/new-enrollments-note";
import { PayoutPrompt } from "@/payouts/payout-prompt";
import { startReads } from "@/platform/route-prefetch";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { formatDate, formatTime, zoneLabel } from "@/platform/zoned";
import { Card, CardContent } from "@/ui/card";
import { ChartSlot } from "@/ui/chart-slot";
import { LoadError } from "@/ui/load-error";
import { shortDay } from "@/ui/short-day";
import { Skeleton } from "@/ui/skeleton";
import { TextWithLinks } from "@/ui/text-with-links";

/** The chart's code (recharts) is fetched when the chart comes near the screen (ChartSlot), never with the page. */
const loadEnrollmentChart = () => import("@/payments/enrollment-chart");
const EnrollmentChart = lazy(loadEnrollmentChart);

export const Route = createFileRoute("/mentors/")({
  loader: ({ context }) =>
    startReads(context.reads, "mentor", (trpc, as) => [
      trpc.scheduling.dailyEnrollments.queryOptions(undefined, as),
      trpc.scheduling.liveSessions.queryOptions(undefined, as),
      trpc.attendance.recent.queryOptions(undefined, as),
      trpc.payouts.account.queryOptions(undefined, as),
    ]),
  component: Dashboard,
});

/**
 * The mentor's dashboard (ADR 0037): the day's sessions first, the card he opens it for, then how his recent sessions
 * went, then the enrollments chart, which on a phone sits below the first screen and is drawn when he scrolls near it.
 */
function Dashboard() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const zone = useMyZone();
  const chart = useQuery(trpc.scheduling.dailyEnrollments.queryOptions());
  // Refetched every minute for new bookings; each "Go Live" keeps its own clock, so the chart is not drawn again every 30 s.
  const live = useQuery({ ...trpc.scheduling.liveSessions.queryOptions(), refetchInterval: 60_000 });
  const total = chart.data?.reduce((n, d) => n + d.count, 0) ?? 0;
  const zoneName = zoneLabel(zone);
  const days = (chart.data ?? [])
    .filter((d) => d.count > 0)
    .map((d) => `${shortDay(d.date)}: ${d.count}`)
    .join(", ");
  return (
    <div className="grid gap-6">
      <AreaWelcome role="mentor" intro={t`Publish your slots and keep in touch with your mentees.`} />
      <PayoutPrompt />
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <h2 className="font-semibold text-slate-900">
            <Trans>Upcoming Live Sessions (next 24hr)</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Times in {zoneName}.</Trans>
          </p>
          {live.isPending ? (
            <Skeleton role="status" aria-label={t`Loading sessions`} className="h-24 w-full" />
          ) : live.isError ? (
            <LoadError what={t`your sessions`} onRetry={() => void live.refetch()} />
          ) : live.data.length === 0 ? (
            <p className="text-slate-700">
              <Trans>
                No sessions in the next 24 hours.{" "}
                <Link to="/mentors/scheduler" className="text-indigo-700 underline">
                  Publish slots
                </Link>{" "}
                so mentees can book.
              </Trans>
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      <Trans>Mentee</Trans>
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      <Trans>Date</Trans>
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      <Trans>Time</Trans>
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">
                        <Trans>Action</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {live.data.map((s) => (
                    <tr key={s.id} className="border-b border-slate-100">
                      <td className="py-2 pr-3">
                        {s.mentee.firstName} {s.mentee.lastName}
                        {s.type === "trial" ? ` ${t`(intro call)`}` : ""}
                        {s.agenda ? (
                          <span className="mt-1 block max-w-md text-xs text-slate-700">
                            <span className="font-medium text-slate-900">
                              <Trans>Agenda:</Trans>{" "}
                            </span>
                            <TextWithLinks text={s.agenda} />
                          </span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3">{formatDate(s.start, zone)}</td>
                      <td className="py-2 pr-3">{formatTime(s.start, zone)}</td>
                      <td className="py-2">
                        <GoLiveLink slot={s} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <RecentSessions zone={zone} />
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <h2 className="font-semibold text-slate-900">
            <Trans>New enrollments, last 30 days</Trans>
          </h2>
          {chart.data ? (
            <div className="grid gap-1">
              <NewEnrollmentsNote count={total} />
              <p className="text-sm">
                <Link to="/mentors/earnings" className="text-indigo-700 underline">
                  <Trans>See each payment on Earnings</Trans>
                </Link>
              </p>
            </div>
          ) : null}
          {chart.isPending ? (
            <Skeleton role="status" aria-label={t`Loading the chart`} className="h-60 w-full" />
          ) : chart.isError ? (
            <LoadError what={t`your enrollments`} onRetry={() => void chart.refetch()} />
          ) : total === 0 ? (
            <p className="text-slate-700">
              <Trans>No new enrollments in the last 30 days yet.</Trans>
            </p>
          ) : (
            <>
              <p className="sr-only">
                {t`${plural(total, { one: `# new enrollment in the last 30 days: ${days}.`, other: `# new enrollments in the last 30 days: ${days}.` })}`}
              </p>
              <ChartSlot placeholderClassName="h-60 w-full" load={loadEnrollmentChart} data-testid="chart-enrollments">
                <EnrollmentChart data={chart.data} />
              </ChartSlot>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
