import { Button } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

/** While one's own profile loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="mx-auto grid max-w-2xl gap-6">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/** One's own profile could not be loaded. */
export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 py-12 text-center">
      <p className="text-slate-700">We couldn't load your profile. Please check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
