import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { SessionOutcomeLine } from "./session-outcome";

/** The mentor's dashboard card of his sessions of the last two weeks and how each ended (ADR 0026), with Dispute while it is open. */
export function RecentSessions({ zone }: { zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const recent = useQuery(trpc.attendance.recent.queryOptions());
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="font-semibold text-slate-900">
          <Trans>Recent sessions (last 14 days)</Trans>
        </h2>
        {recent.isPending ? (
          <Skeleton role="status" aria-label={t`Loading recent sessions`} className="h-24 w-full" />
        ) : recent.isError ? (
          <LoadError what={t`your recent sessions`} onRetry={() => void recent.refetch()} />
        ) : recent.data.length === 0 ? (
          <p className="text-slate-700">
            <Trans>No sessions in the last two weeks. How each one went shows here a few minutes after it ends.</Trans>
          </p>
        ) : (
          <ul className="grid gap-3">
            {recent.data.map((s) => (
              <li key={s.id} className="grid gap-1 border-b border-slate-100 pb-3 last:border-0 last:pb-0">
                <p className="text-sm font-medium text-slate-900">
                  {s.menteeName ?? t`A mentee`}
                  {s.type === "trial" ? ` ${t`(intro call)`}` : ""} ·{" "}
                  <span className="font-normal text-slate-700">{dateTime(s.start, zone)}</span>
                </p>
                {s.attendance ? (
                  <SessionOutcomeLine
                    slotId={s.id}
                    attendance={s.attendance}
                    viewer="mentor"
                    otherName={s.menteeName ?? t`Mentee`}
                    zone={zone}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
