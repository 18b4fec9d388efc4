import { createFileRoute } from "@tanstack/react-router";
import { MenteeHome } from "@/components/home/mentee-home";

export const Route = createFileRoute("/mentees/")({ component: MenteeHome });
