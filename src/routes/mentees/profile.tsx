import { createFileRoute } from "@tanstack/react-router";
import { MenteeProfileEditor } from "@/profiles/mentee-profile-editor";

export const Route = createFileRoute("/mentees/profile")({
  component: () => (
    <>
      <MenteeProfileEditor />
    </>
  ),
});
