import { createFileRoute } from "@tanstack/react-router";
import { AreaWelcome } from "@/components/area-welcome";

export const Route = createFileRoute("/mentors/")({
  component: () => <AreaWelcome role="mentor" intro="Publish your slots and keep in touch with your mentees." />,
});
