import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { dateTime } from "@/platform/zoned";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";

/** Without a mentor: each subscribed mentor with "Next available: <3 times>" in her zone, and a link to his calendar. */
export function MentorsWithNextTimes() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const zone = useMyZone();
  const list = useQuery(trpc.subscriptions.mine.queryOptions());
  const next = useQuery(trpc.scheduling.nextAvailable.queryOptions());
  const active = list.data?.filter((s) => s.isActive) ?? [];
  if (list.isPending) return <Skeleton role="status" aria-label={t`Loading your mentors`} className="h-24 w-full" />;
  if (list.isError) return <LoadError what={t`your mentors`} onRetry={() => void list.refetch()} />;
  if (active.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
        <Trans>Subscribe to a mentor to book sessions.</Trans>
      </p>
    );
  return (
    <ul className="grid gap-3">
      {active.map((s) => {
        const times = next.data?.find((n) => n.mentorId === s.mentor.id)?.slots.slice(0, 3) ?? [];
        const callsLeft = s.callsLeft;
        const callsPerPeriod = s.callsPerPeriod;
        const nextTimes = times.map((time) => dateTime(time.start, zone)).join("; ");
        return (
          <li key={s.id}>
            <Link
              to="/mentees/schedules"
              search={{ mentorId: s.mentor.id }}
              className="grid gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <span className="font-semibold text-slate-900">
                {s.mentor.firstName} {s.mentor.lastName}
              </span>
              <span className="text-sm text-slate-700">
                <Trans>
                  {callsLeft} of {callsPerPeriod} calls left
                </Trans>
              </span>
              <span className="text-sm text-slate-700" data-testid="next-available">
                {next.isPending
                  ? t`Looking for open times…`
                  : next.isError
                    ? t`Open times could not be loaded.`
                    : times.length === 0
                      ? t`No open times right now.`
                      : t`Next available: ${nextTimes}`}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
