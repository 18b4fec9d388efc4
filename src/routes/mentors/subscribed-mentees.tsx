import { createFileRoute } from "@tanstack/react-router";
import { MentorSubscribers } from "@/payments/mentor-subscribers";

export const Route = createFileRoute("/mentors/subscribed-mentees")({ component: MentorSubscribers });
