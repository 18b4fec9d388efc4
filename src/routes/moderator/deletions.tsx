import { createFileRoute } from "@tanstack/react-router";
import { AccountDeletions } from "@/moderation/account-deletions";

export const Route = createFileRoute("/moderator/deletions")({
  component: AccountDeletions,
});
