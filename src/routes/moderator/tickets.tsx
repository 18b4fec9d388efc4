import { createFileRoute } from "@tanstack/react-router";
import { TicketQueue } from "@/moderation/ticket-queue";

export const Route = createFileRoute("/moderator/tickets")({
  component: TicketQueue,
});
