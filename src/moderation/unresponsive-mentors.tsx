import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "@/platform/trpc";
import { useResponsivenessWords } from "@/profiles/responsiveness-words";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ListEmpty, ListError, ListLoading } from "./list-states";

/** The link to a mentor in the mentors list, read out with his name. */
function OpenInList({ name }: { name: string }) {
  return (
    <Trans>
      Open in Mentors List<span className="sr-only">, {name}</span>
    </Trans>
  );
}

/**
 * The moderator home's card of mentors who leave subscribers unanswered (ADR 0026): each with how
 * many subscribers have waited more than 72 hours, the longest wait and when he was last active,
 * linking to him in the mentors list (where he can be blocked).
 */
export function UnresponsiveMentors() {
  const trpc = useTRPC();
  const list = useQuery(trpc.moderation.unresponsiveMentors.queryOptions());
  const { t } = useLingui();
  const words = useResponsivenessWords();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="unresponsive-mentors-title">
          <Trans>Subscribers waiting for an answer</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Mentors who have not answered a subscriber's message for more than 72 hours. They are reminded once per wait.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <ListLoading label={t`Loading mentors with waiting subscribers`} rows={2} />
        ) : list.isError ? (
          <ListError what={t`the mentors with waiting subscribers`} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <ListEmpty>{t`Every subscriber has had an answer within 72 hours.`}</ListEmpty>
        ) : (
          <ul aria-labelledby="unresponsive-mentors-title" className="grid gap-3">
            {list.data.map((m) => (
              <li key={m.id} className="grid gap-1 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{m.name}</p>
                  <p className="break-words text-sm text-slate-600">{m.email}</p>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm sm:col-start-1">
                  <dt className="text-slate-600">
                    <Trans>Waiting</Trans>
                  </dt>
                  <dd className="text-slate-900">
                    <Plural value={m.waiting} one="# subscriber" other="# subscribers" />
                  </dd>
                  <dt className="text-slate-600">
                    <Trans>Longest wait</Trans>
                  </dt>
                  <dd className="text-slate-900">{words.wait(m.longestWaitHours)}</dd>
                  <dt className="text-slate-600">
                    <Trans>Last active</Trans>
                  </dt>
                  <dd className="text-slate-900">{m.lastActiveDaysAgo === null ? t`Not seen yet` : words.lastSeen(m.lastActiveDaysAgo)}</dd>
                </dl>
                <Link
                  to="/moderator/mentors-list"
                  search={{ search: m.email }}
                  className="text-sm font-medium text-indigo-700 underline sm:col-start-2 sm:row-span-2 sm:row-start-1"
                >
                  <OpenInList name={m.name} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
