import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { StartChatButton } from "../chat/start-chat-button";
import { Avatar } from "../ui/avatar";
import { Card, CardContent } from "../ui/card";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { PeriodRange, periodLine, SubscriptionStatusBadge } from "./subscription-period";

/** `/mentors/subscribed-mentees`: the mentor's subscribers, current first. */
export function MentorSubscribers() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.subscriptions.subscribers.queryOptions());
  const current = list.data?.filter((s) => s.isActive).length ?? 0;
  const zone = useMyZone();
  return (
    <section aria-labelledby="subscribers-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="subscribers-title" className="text-2xl font-bold text-slate-900">
          <Trans>Mentees List</Trans>
        </h1>
        <p className="text-slate-600">
          {list.data
            ? t`${plural(current, { one: "# current subscriber.", other: "# current subscribers." })}`
            : t`Your subscribers and their periods.`}
        </p>
      </div>
      {list.isPending ? (
        <div role="status" aria-label={t`Loading subscribers`} className="grid gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : list.isError ? (
        <LoadError what={t`your subscribers`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
          <Trans>No mentees have subscribed yet. Mentees find you through search; a complete profile helps.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.data.map((s) => {
            const name = `${s.mentee.firstName} ${s.mentee.lastName}`;
            const period = periodLine(s, zone);
            const { callsLeft, callsPerPeriod } = s;
            const price = formatRupees(s.amountPaise);
            const firstName = s.mentee.firstName;
            return (
              <li key={s.id}>
                <Card>
                  <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center">
                    <Avatar src={s.mentee.profileImageUrl} name={name} className="size-12" />
                    <div className="grid min-w-0 flex-1 gap-1">
                      <h2 className="font-semibold text-slate-900">{name}</h2>
                      <SubscriptionStatusBadge status={s.status} />
                      {s.isActive ? (
                        <p className="text-sm text-slate-700">
                          <Trans>
                            <PeriodRange start={s.currentPeriodStart} end={s.currentPeriodEnd} /> · {callsLeft} of {callsPerPeriod} calls
                            left
                          </Trans>
                        </p>
                      ) : null}
                      {period ? <p className="text-sm text-slate-600">{period}</p> : null}
                    </div>
                    <div className="flex items-center gap-3 sm:flex-col sm:items-end">
                      <p className="text-sm font-medium text-slate-900">
                        <Trans>{price} / month</Trans>
                      </p>
                      {s.startedAt ? (
                        <StartChatButton side="mentor" otherId={s.mentee.id} label={t`Chat with ${firstName}`} variant="outline" />
                      ) : null}
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
