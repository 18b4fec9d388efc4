import { LoadError } from "./load-error";
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
  return <LoadError what="your profile" align="center" className="mx-auto max-w-xl py-12" onRetry={onRetry} />;
}
