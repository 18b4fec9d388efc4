import { createFileRoute } from "@tanstack/react-router";
import { PublicNav } from "@/layout/public-nav";
import { SiteFooter } from "@/layout/site-footer";
import { validateBrowseFilters } from "@/search/browse";
import { MentorBrowse } from "@/search/mentor-browse";
import { MAIN_ID } from "@/ui/skip-link";

export const Route = createFileRoute("/browse/mentor/$search")({ validateSearch: validateBrowseFilters, component: BrowseMentors });

function BrowseMentors() {
  const { search } = Route.useParams();
  return (
    <>
      <PublicNav />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
        <MentorBrowse area="public" segment={search} filters={Route.useSearch()} />
      </main>
      <SiteFooter />
    </>
  );
}
