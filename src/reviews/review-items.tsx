import { Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "@/platform/api-types";
import { fromNow, fullDateTime } from "@/platform/dates";
import { useNow } from "@/platform/use-now";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { StarRating } from "./star-rating";

type Review = RouterOutputs["reviews"]["list"]["items"][number];

type Props = {
  items: Review[];
  reviews: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; fetchNextPage: () => unknown };
};

/** The reviews of "What Mentees Say" (src/reviews/mentor-reviews.tsx), with "Show more reviews" while there are more. */
export default function ReviewItems({ items, reviews }: Props) {
  const { t } = useLingui();
  const now = useNow();
  return (
    <>
      <ul aria-label={t`Reviews`} className="grid divide-y divide-slate-100">
        {items.map((review) => (
          <li key={review.id} className="grid gap-1.5 py-4 first:pt-0">
            <StarRating rating={review.rating} />
            {review.text ? <p className="whitespace-pre-line break-words text-slate-800">{review.text}</p> : null}
            <p className="text-sm text-slate-500">
              <span className="font-medium text-slate-700">{review.author}</span>
              {" · "}
              <time dateTime={review.createdAt} title={fullDateTime(review.createdAt)}>
                {fromNow(review.createdAt, now)}
              </time>
              {review.edited ? ` ${t`(edited)`}` : null}
            </p>
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={reviews.isFetchingNextPage}
          aria-busy={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? <Spinner /> : null}
          <Trans>Show more reviews</Trans>
        </Button>
      ) : null}
      {reviews.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-700">
          <Trans>We couldn't load more reviews. Please try again.</Trans>
        </p>
      ) : null}
    </>
  );
}
