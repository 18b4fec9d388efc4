import { StartChatButton } from "./chat/start-chat-button";
import { LoadError } from "./load-error";
import { useQuery } from "@tanstack/react-query";
import { formatRupees } from "@/lib/money";
import { useTRPC } from "@/lib/trpc";
import { useMyZone } from "@/lib/use-my-zone";
import { PeriodRange, periodLine, SubscriptionStatusBadge } from "./subscription-period";
import { Avatar } from "./ui/avatar";
import { Card, CardContent } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

/** `/mentors/subscribed-mentees`: the mentor's subscribers, current first. */
export function MentorSubscribers() {
  const trpc = useTRPC();
  const list = useQuery(trpc.subscriptions.subscribers.queryOptions());
  const current = list.data?.filter((s) => s.isActive).length ?? 0;
  const zone = useMyZone();
  return (
    <section aria-labelledby="subscribers-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="subscribers-title" className="text-2xl font-bold text-slate-900">
          Mentees List
        </h1>
        <p className="text-slate-600">{list.data ? `${current} current ${current === 1 ? "subscriber" : "subscribers"}.` : "Your subscribers and their periods."}</p>
      </div>
      {list.isPending ? (
        <div role="status" aria-label="Loading subscribers" className="grid gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : list.isError ? (
        <LoadError what="your subscribers" onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">No mentees have subscribed yet. Mentees find you through search; a complete profile helps.</p>
      ) : (
        <ul className="grid gap-3">
          {list.data.map((s) => {
            const name = `${s.mentee.firstName} ${s.mentee.lastName}`;
            const period = periodLine(s, zone);
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
                          <PeriodRange start={s.currentPeriodStart} end={s.currentPeriodEnd} /> · {s.callsLeft} of {s.callsPerPeriod} calls left
                        </p>
                      ) : null}
                      {period ? <p className="text-sm text-slate-600">{period}</p> : null}
                    </div>
                    <div className="flex items-center gap-3 sm:flex-col sm:items-end">
                      <p className="text-sm font-medium text-slate-900">{formatRupees(s.amountPaise)} / month</p>
                      {s.startedAt ? <StartChatButton side="mentor" otherId={s.mentee.id} label={`Chat with ${s.mentee.firstName}`} variant="outline" /> : null}
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
