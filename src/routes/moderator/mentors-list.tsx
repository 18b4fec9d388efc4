import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { AccountList } from "@/moderation/account-list";
import { type ListSearch, validateListSearch } from "@/moderation/moderation-search";

export const Route = createFileRoute("/moderator/mentors-list")({
  validateSearch: validateListSearch,
  component: MentorsList,
});

function MentorsList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChange = useCallback((next: ListSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <AccountList role="mentor" search={search} onChange={onChange} />;
}
