import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { UserX } from "lucide-react";
import { ALL, BROWSE_ROUTE, type BrowseArea } from "@/search/browse";
import { Button } from "../ui/button";

/** The profile page of an unknown, pending or blocked mentor (404). */
export function MentorUnavailable({ area, message }: { area: BrowseArea; message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <UserX aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="text-2xl font-semibold text-slate-900">
        <Trans>Mentor not available</Trans>
      </h1>
      <p className="text-slate-600">{message}</p>
      <Button asChild>
        <Link to={BROWSE_ROUTE[area]} params={{ search: ALL }}>
          <Trans>Browse mentors</Trans>
        </Link>
      </Button>
    </section>
  );
}
