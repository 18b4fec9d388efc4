import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "@/components/chat/inbox";

export const Route = createFileRoute("/mentors/connect/inbox/")({ component: () => <Inbox side="mentor" /> });
