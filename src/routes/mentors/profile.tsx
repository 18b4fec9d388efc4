import { createFileRoute } from "@tanstack/react-router";
import { MentorProfileEditor } from "@/components/mentor-profile-editor";
import { TimeZoneSetting } from "@/components/time-zone-setting";

export const Route = createFileRoute("/mentors/profile")({
  component: () => (
    <>
      <MentorProfileEditor />
      <TimeZoneSetting />
    </>
  ),
});
