import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";

/** "★ 4.7 (3 reviews)" with one decimal, or "No reviews yet". */
export function RatingSummary({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  const { t } = useLingui();
  if (rating === null)
    return (
      <p className="text-sm text-slate-500">
        <Trans>No reviews yet</Trans>
      </p>
    );
  return (
    <p className="flex items-center gap-1 text-sm text-slate-700">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span>
        <span className="font-semibold">{rating.toFixed(1)}</span>
        <span className="sr-only">{` ${t`out of 5,`}`}</span> (<Plural value={reviewCount} one="# review" other="# reviews" />)
      </span>
    </p>
  );
}
