import { createFileRoute } from "@tanstack/react-router";
import { MentorApplicants } from "@/components/moderation/applicants";

export const Route = createFileRoute("/moderator/mentor-applicants")({
  component: MentorApplicants,
});
