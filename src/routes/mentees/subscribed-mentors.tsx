import { createFileRoute } from "@tanstack/react-router";
import { MenteeSubscriptions } from "@/components/mentee-subscriptions";

export const Route = createFileRoute("/mentees/subscribed-mentors")({ component: MenteeSubscriptions });
