import { useLingui } from "@lingui/react/macro";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";

/** While one's own profile loads. */
export function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading profile`} className="mx-auto grid max-w-2xl gap-6">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/** One's own profile could not be loaded. */
export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return <LoadError what={t`your profile`} align="center" className="mx-auto max-w-xl py-12" onRetry={onRetry} />;
}
