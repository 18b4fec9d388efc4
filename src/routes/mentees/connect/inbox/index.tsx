import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "@/components/chat/inbox";

export const Route = createFileRoute("/mentees/connect/inbox/")({ component: () => <Inbox side="mentee" /> });
