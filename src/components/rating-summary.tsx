import { Star } from "lucide-react";

/** "★ 4.7 (3 reviews)" with one decimal, or "No reviews yet". */
export function RatingSummary({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (rating === null) return <p className="text-sm text-slate-500">No reviews yet</p>;
  return (
    <p className="flex items-center gap-1 text-sm text-slate-700">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span>
        <span className="font-semibold">{rating.toFixed(1)}</span>
        <span className="sr-only"> out of 5,</span> ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </p>
  );
}
