import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";

/** Toasts `title` (SPEC §8, e.g. "Error Fetching Mentees List") once each time a list fails to load. */
export function useErrorToast(isError: boolean, title: string) {
  useEffect(() => {
    if (isError) toast.error(title);
  }, [isError, title]);
}

export function ListLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, alike and never reordered
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

/** A moderation list that failed to load: the one LoadError, boxed like the lists around it. */
export function ListError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return <LoadError what={what} onRetry={onRetry} className="rounded-lg border border-red-200 bg-red-50 p-4" />;
}

export function ListEmpty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">{children}</p>;
}

/**
 * Previous / next for a paged list, with where the viewer is ("21–40 of 74"). The buttons stay focusable at the
 * ends (aria-disabled, not disabled), so paging with the keyboard never drops focus to the page.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const step = (to: number, can: boolean) => () => {
    if (can) onPage(to);
  };
  return (
    <nav aria-label={t`Pages`} className="flex items-center justify-between gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-disabled={page <= 1}
        className="aria-disabled:opacity-50"
        onClick={step(page - 1, page > 1)}
        aria-label={t`Previous page`}
      >
        <Trans>Previous</Trans>
      </Button>
      <p className="text-center text-sm text-slate-600" aria-live="polite">
        <Trans>
          {first}–{last} of {total} · page {page} of {pages}
        </Trans>
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={page >= pages}
        className="aria-disabled:opacity-50"
        onClick={step(page + 1, page < pages)}
        aria-label={t`Next page`}
      >
        <Trans>Next</Trans>
      </Button>
    </nav>
  );
}

export function StatusBadge({ blocked }: { blocked: boolean }) {
  const { t } = useLingui();
  return (
    <span
      className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${blocked ? "bg-red-100 text-red-800" : "bg-emerald-100 text-emerald-800"}`}
    >
      {blocked ? t`Blocked` : t`Active`}
    </span>
  );
}

/** An action button's label with the person's name ("Block Rahul Verma", written whole by the caller so each language orders it): cut with an ellipsis on a narrow screen, read out whole. */
export function ActionLabel({ label }: { label: string }) {
  return <span className="min-w-0 truncate">{label}</span>;
}
