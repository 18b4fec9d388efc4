import { createFileRoute } from "@tanstack/react-router";
import { AreaWelcome } from "@/components/area-welcome";

export const Route = createFileRoute("/mentees/")({
  component: () => <AreaWelcome role="mentee" intro="Find a mentor, book a session and keep learning." />,
});
