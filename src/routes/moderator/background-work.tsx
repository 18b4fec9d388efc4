import { createFileRoute } from "@tanstack/react-router";
import { BackgroundWork } from "@/moderation/background-work";

export const Route = createFileRoute("/moderator/background-work")({
  component: BackgroundWork,
});
