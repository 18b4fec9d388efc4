import { useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";
import { cn } from "@/ui/class-names";

/** A read-only row of five stars, named "4 out of 5 stars" for screen readers. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="img" aria-label={t`${rating} out of 5 stars`} className={cn("inline-flex gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn("size-4", star <= Math.round(rating) ? "fill-amber-400 text-amber-400" : "text-slate-300")}
        />
      ))}
    </span>
  );
}
