import { createFileRoute } from "@tanstack/react-router";
import { AuditLog, type AuditSearch } from "@/moderation/audit-log";
import { validateAuditSearch } from "@/moderation/moderation-search";

export const Route = createFileRoute("/moderator/audit-log")({
  validateSearch: validateAuditSearch,
  component: AuditLogPage,
});

function AuditLogPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditLog search={search} onChange={(next: AuditSearch) => void navigate({ search: next })} />;
}
