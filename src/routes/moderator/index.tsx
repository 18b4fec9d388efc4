import { createFileRoute } from "@tanstack/react-router";
import { AreaWelcome } from "@/components/area-welcome";

export const Route = createFileRoute("/moderator/")({
  component: () => <AreaWelcome role="moderator" intro="Review mentor applicants, tickets and accounts." />,
});
