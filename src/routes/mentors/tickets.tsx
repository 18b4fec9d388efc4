import { createFileRoute } from "@tanstack/react-router";
import { MyTickets } from "@/tickets/my-tickets";

export const Route = createFileRoute("/mentors/tickets")({
  component: () => <MyTickets role="mentor" />,
});
