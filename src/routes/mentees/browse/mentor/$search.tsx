import { createFileRoute } from "@tanstack/react-router";
import { validateBrowseFilters } from "@/search/browse";
import { MentorBrowse } from "@/search/mentor-browse";

export const Route = createFileRoute("/mentees/browse/mentor/$search")({
  validateSearch: validateBrowseFilters,
  component: function MenteeBrowseMentors() {
    return <MentorBrowse area="mentee" segment={Route.useParams().search} filters={Route.useSearch()} />;
  },
});
