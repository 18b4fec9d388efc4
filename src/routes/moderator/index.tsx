import { createFileRoute } from "@tanstack/react-router";
import { ModeratorHome } from "@/components/moderation/moderator-home";

export const Route = createFileRoute("/moderator/")({
  component: ModeratorHome,
});
