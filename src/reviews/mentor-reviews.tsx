import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useTRPC } from "@/platform/trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Skeleton } from "../ui/skeleton";

const PAGE_SIZE = 5;

/** The list itself, with its dates, loads apart from the profile (the profile's first load stays light). */
const loadReviewItems = () => import("./review-items");
const ReviewItems = lazy(loadReviewItems);

/** "What Mentees Say": the mentor's reviews, newest first, five at a time. */
export function MentorReviews({ mentorId }: { mentorId: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const reviews = useInfiniteQuery(
    trpc.reviews.list.infiniteQueryOptions({ mentorId, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor }),
  );
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = items.length;

  // The list's code (its dates library) comes while the reviews are asked for, not after.
  useEffect(() => void loadReviewItems(), []);

  const skeletons = (
    <div className="grid gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
  let body: ReactNode;
  if (reviews.isPending) {
    body = skeletons;
  } else if (reviews.isError && !items.length) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">
          <Trans>We couldn't load the reviews.</Trans>
        </p>
        <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else if (!items.length) {
    body = (
      <p className="text-slate-600">
        <Trans>No reviews yet</Trans>
      </p>
    );
  } else {
    body = (
      <Suspense fallback={skeletons}>
        <ReviewItems items={items} reviews={reviews} />
      </Suspense>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>What Mentees Say</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {body}
        <p role="status" className="sr-only">
          {reviews.isFetchingNextPage
            ? t`Loading more reviews…`
            : items.length
              ? t`${plural(shown, { one: "# review shown", other: "# reviews shown" })}`
              : ""}
        </p>
      </CardContent>
    </Card>
  );
}
