import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState } from "react";
import type { BrowseFilters } from "@/search/browse";
import { Button } from "../ui/button";
import { MentorFilters } from "./mentor-filters";

/** How many filters differ from their defaults (any price, any rating, best match). */
const activeCount = (filters: BrowseFilters) => [filters.price, filters.rating, filters.sort].filter((f) => f !== undefined).length;

/**
 * Below `md` the results come first: the filters wait behind a "Filters" button, in a sheet from the bottom (the
 * browser's own modal `<dialog>`: focus kept inside, Escape closes, the focus goes back to the button), and apply as
 * they are chosen; "Show results" closes it. The native dialog adds nothing to the public page's JavaScript.
 */
export function FiltersSheet({ filters, onChange }: { filters: BrowseFilters; onChange: (next: BrowseFilters) => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const count = activeCount(filters);
  return (
    <div className="md:hidden">
      <Button
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        {count > 0 ? t`Filters (${count})` : t`Filters`}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="mx-0 mt-auto mb-0 max-h-[85vh] w-full max-w-full overflow-y-auto rounded-t-xl bg-white p-4 shadow-lg backdrop:bg-black/50"
      >
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            <Trans>Filters</Trans>
          </h2>
        </div>
        {open ? <MentorFilters filters={filters} onChange={onChange} /> : null}
        <Button className="mt-4 w-full" onClick={() => dialog.current?.close()}>
          <Trans>Show results</Trans>
        </Button>
      </dialog>
    </div>
  );
}
