import { createFileRoute } from "@tanstack/react-router";
import { MentorProfileEditor } from "@/profiles/mentor-profile-editor";

export const Route = createFileRoute("/mentors/profile")({
  component: () => (
    <>
      <MentorProfileEditor />
    </>
  ),
});
