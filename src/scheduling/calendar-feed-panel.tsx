import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";

/** The private calendar feed URL: create, copy, reset (revokes the old URL) or turn off. */
export function CalendarFeedPanel() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feed = useQuery(trpc.scheduling.calendarFeed.queryOptions());
  const after = {
    onSuccess: () => queryClient.invalidateQueries(trpc.scheduling.calendarFeed.queryFilter()),
    onError: () => toast.error(t`Something went wrong`),
  };
  const reset = useMutation(trpc.scheduling.resetCalendarFeed.mutationOptions(after));
  const revoke = useMutation(trpc.scheduling.revokeCalendarFeed.mutationOptions(after));
  const url = feed.data?.url ?? null;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="font-semibold text-slate-900">
          <Trans>Calendar feed</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>
            Subscribe to this private URL in Google Calendar, Outlook or Apple Calendar to see your bookings there. Anyone with the URL can
            read it; reset it if it leaks.
          </Trans>
        </p>
        {url ? (
          <div className="grid gap-2">
            <label htmlFor="feed-url" className="text-sm font-medium text-slate-800">
              <Trans>Your feed URL</Trans>
            </label>
            <input
              id="feed-url"
              readOnly
              value={url}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success(t`Feed URL copied`))}
              >
                <Trans>Copy</Trans>
              </Button>
              <Button variant="outline" disabled={reset.isPending} onClick={() => reset.mutate()}>
                <Trans>Reset URL</Trans>
              </Button>
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate({})}>
                <Trans>Turn off</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <Button className="justify-self-start" disabled={reset.isPending || feed.isPending} onClick={() => reset.mutate()}>
            <Trans>Create feed URL</Trans>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
