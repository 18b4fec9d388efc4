import { createFileRoute } from "@tanstack/react-router";
import { MenteeSubscriptions } from "@/payments/mentee-subscriptions";

export const Route = createFileRoute("/mentees/subscribed-mentors")({ component: MenteeSubscriptions });
