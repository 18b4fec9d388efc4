import { useInfiniteQuery } from "@tanstack/react-query";
import { fromNow, fullDateTime } from "@/lib/dates";
import { useTRPC } from "@/lib/trpc";
import { StarRating } from "./star-rating";
import { Button } from "./ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";
import { Skeleton } from "./ui/skeleton";
import { Spinner } from "./ui/spinner";

const PAGE_SIZE = 5;

/** "What Mentees Say": the mentor's reviews, newest first, five at a time. */
export function MentorReviews({ mentorId }: { mentorId: string }) {
  const trpc = useTRPC();
  const reviews = useInfiniteQuery(
    trpc.reviews.list.infiniteQueryOptions({ mentorId, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor }),
  );
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (reviews.isPending) {
    body = (
      <div className="grid gap-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (reviews.isError && !items.length) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">We couldn't load the reviews.</p>
        <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (!items.length) {
    body = <p className="text-slate-600">No reviews yet</p>;
  } else {
    body = (
      <>
        <ul aria-label="Reviews" className="grid divide-y divide-slate-100">
          {items.map((review) => (
            <li key={review.id} className="grid gap-1.5 py-4 first:pt-0">
              <StarRating rating={review.rating} />
              {review.text ? <p className="whitespace-pre-line break-words text-slate-800">{review.text}</p> : null}
              <p className="text-sm text-slate-500">
                <span className="font-medium text-slate-700">{review.author}</span>
                {" · "}
                <time dateTime={review.createdAt} title={fullDateTime(review.createdAt)}>
                  {fromNow(review.createdAt)}
                </time>
                {review.edited ? " (edited)" : null}
              </p>
            </li>
          ))}
        </ul>
        {reviews.hasNextPage ? (
          <Button variant="outline" className="justify-self-start" disabled={reviews.isFetchingNextPage} aria-busy={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
            {reviews.isFetchingNextPage ? <Spinner /> : null}
            Show more reviews
          </Button>
        ) : null}
        {reviews.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-red-700">
            We couldn't load more reviews. Please try again.
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>What Mentees Say</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {body}
        <p role="status" className="sr-only">
          {reviews.isFetchingNextPage ? "Loading more reviews…" : items.length ? `${items.length} ${items.length === 1 ? "review" : "reviews"} shown` : ""}
        </p>
      </CardContent>
    </Card>
  );
}
