import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { useMyZone } from "@/platform/use-my-zone";
import { recentSearches } from "@/search/search-history";
import { LoadError } from "@/ui/load-error";
import { CallsLeftPanel } from "./calls-left-panel";
import { HomePanelSkeleton } from "./home-panel";
import { NextSessionPanel } from "./next-session-panel";
import { ProfilePrompt } from "./profile-prompt";
import { RatingPrompt } from "./rating-prompt";
import { RescheduleRequests } from "./reschedule-requests";
import { SuggestedMentorsPanel } from "./suggested-mentors-panel";
import { UnreadPanel } from "./unread-panel";

/**
 * The mentee's home: her next session with Join, calls left per subscription, unread
 * messages and mentors suggested from her recent searches (kept in this browser) or her
 * subscriptions' skills; one query (mentees.home), refetched when a message or a schedule push arrives.
 */
export function MenteeHome() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const session = useSession("mentee");
  const zone = useMyZone();
  const [searches] = useState(() => recentSearches(session?.id));
  const home = useQuery(trpc.mentees.home.queryOptions({ searches }));
  const name = session?.name;

  return (
    <div className="grid gap-6">
      <section className="grid gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{name ? <Trans>Welcome, {name}</Trans> : <Trans>Welcome</Trans>}</h1>
        <p className="text-slate-600">
          <Trans>Find a mentor, book a session and keep learning.</Trans>
        </p>
      </section>
      {home.isPending ? (
        <div role="status" className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label={t`Loading your home`}>
          <HomePanelSkeleton />
          <HomePanelSkeleton />
          <HomePanelSkeleton />
          <HomePanelSkeleton />
        </div>
      ) : home.isError ? (
        <LoadError what={t`your home`} onRetry={() => void home.refetch()} />
      ) : (
        <>
          <RescheduleRequests requests={home.data.rescheduleRequests} zone={zone} />
          <ProfilePrompt missing={home.data.profileMissing} />
          <RatingPrompt prompt={home.data.ratingPrompt} zone={zone} />
          <div className="grid gap-4 lg:grid-cols-2">
            <NextSessionPanel home={home.data} zone={zone} />
            <UnreadPanel home={home.data} />
            <CallsLeftPanel home={home.data} zone={zone} />
            <SuggestedMentorsPanel home={home.data} />
          </div>
        </>
      )}
    </div>
  );
}
