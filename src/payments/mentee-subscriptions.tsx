import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { apiError } from "@/platform/api-error";
import type { MenteeSubscription } from "@/platform/api-types";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { ALL } from "@/search/browse";
import { toast } from "@/ui/toast";
import { StartChatButton } from "../chat/start-chat-button";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { PaymentHistory } from "./payment-history";
import { PeriodRange, periodLine, SubscriptionStatusBadge } from "./subscription-period";

/** `/mentees/subscribed-mentors`: the mentee's subscriptions, with cancel at period end and resume. */
export function MenteeSubscriptions() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.subscriptions.mine.queryOptions());
  return (
    <section aria-labelledby="subscriptions-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="subscriptions-title" className="text-2xl font-bold text-slate-900">
          <Trans>Subscriptions</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>Your mentors, your current period and the calls left in it.</Trans>
        </p>
      </div>
      {list.isPending ? (
        <div role="status" aria-label={t`Loading subscriptions`} className="grid gap-4">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : list.isError ? (
        <LoadError what={t`your subscriptions`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-slate-300 p-6">
          <p className="text-slate-700">
            <Trans>You have no subscriptions yet.</Trans>
          </p>
          <Button asChild>
            <Link to="/mentees/browse/mentor/$search" params={{ search: ALL }}>
              <Trans>Find a mentor</Trans>
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4">
          {list.data.map((s) => (
            <li key={s.id}>
              <SubscriptionCard subscription={s} />
            </li>
          ))}
        </ul>
      )}
      <PaymentHistory />
    </section>
  );
}

function SubscriptionCard({ subscription: s }: { subscription: MenteeSubscription }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const name = `${s.mentor.firstName} ${s.mentor.lastName}`;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.subscriptions.mine.queryFilter()),
      queryClient.invalidateQueries(trpc.mentors.profile.queryFilter({ mentorId: s.mentor.id })),
    ]);
  const options = (done: string) => ({
    onSuccess: async () => {
      toast.success(done);
      await refresh();
    },
    onError: (error: unknown) =>
      toast.error(t`Something went wrong`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` }),
  });
  const cancel = useMutation(
    trpc.subscriptions.cancel.mutationOptions(options(t`Subscription canceled. You keep access until the period ends.`)),
  );
  const resume = useMutation(trpc.subscriptions.resume.mutationOptions(options(t`Subscription resumed`)));
  const busy = cancel.isPending || resume.isPending;
  const period = periodLine(s, useMyZone());
  const price = formatRupees(s.amountPaise);
  const { callsLeft, callsPerPeriod } = s;
  const firstName = s.mentor.firstName;

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6 sm:grid-cols-[auto_1fr_auto] sm:items-start">
        <Avatar src={s.mentor.profileImageUrl} name={name} className="size-14" />
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg font-semibold text-slate-900">
            <Link
              to="/mentees/browse/mentor/profile/$id"
              params={{ id: s.mentor.id }}
              className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {name}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {s.mentor.jobTitle}@ {s.mentor.firmName}
          </p>
          <SubscriptionStatusBadge status={s.status} />
          <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-medium">
              <Trans>Plan</Trans>
            </dt>
            <dd>
              <Trans>{price} / month</Trans>
            </dd>
            {s.isActive ? (
              <>
                <dt className="font-medium">
                  <Trans>Current period</Trans>
                </dt>
                <dd>
                  <PeriodRange start={s.currentPeriodStart} end={s.currentPeriodEnd} />
                </dd>
                <dt className="font-medium">
                  <Trans>Calls left</Trans>
                </dt>
                <dd>
                  <Trans>
                    {callsLeft} of {callsPerPeriod} this period
                  </Trans>
                </dd>
              </>
            ) : null}
          </dl>
          {period ? <p className="text-sm font-medium text-slate-900">{period}</p> : null}
          {s.paymentFailed && s.isActive ? (
            <p role="alert" className="text-sm text-red-700">
              <Trans>Your renewal payment failed. Update your card with Stripe before the period ends to keep access.</Trans>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
          {s.startedAt ? <StartChatButton side="mentee" otherId={s.mentor.id} label={t`Chat with ${firstName}`} variant="outline" /> : null}
          {s.isActive ? (
            s.cancelAtPeriodEnd ? (
              <Button variant="outline" disabled={busy} onClick={() => resume.mutate({ subscriptionId: s.id })}>
                <Trans>Resume</Trans>
              </Button>
            ) : (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => cancel.mutate({ subscriptionId: s.id })}
                aria-describedby={`cancel-help-${s.id}`}
              >
                <Trans>Cancel subscription</Trans>
                <span id={`cancel-help-${s.id}`} className="sr-only">
                  <Trans>with {name}; access continues until the end of the current period</Trans>
                </span>
              </Button>
            )
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
