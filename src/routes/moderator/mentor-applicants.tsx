import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { MentorApplicants } from "@/moderation/applicants";
import { type ListSearch, validateListSearch } from "@/moderation/moderation-search";

export const Route = createFileRoute("/moderator/mentor-applicants")({
  validateSearch: validateListSearch,
  component: MentorApplicantsPage,
});

function MentorApplicantsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChange = useCallback((next: ListSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <MentorApplicants search={search} onChange={onChange} />;
}
