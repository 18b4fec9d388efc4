import { createFileRoute } from "@tanstack/react-router";
import { MyTickets } from "@/tickets/my-tickets";

export const Route = createFileRoute("/mentees/tickets")({
  component: () => <MyTickets role="mentee" />,
});
