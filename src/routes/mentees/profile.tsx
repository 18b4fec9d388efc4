import { createFileRoute } from "@tanstack/react-router";
import { MenteeProfileEditor } from "@/components/mentee-profile-editor";
import { TimeZoneSetting } from "@/components/time-zone-setting";

export const Route = createFileRoute("/mentees/profile")({
  component: () => (
    <>
      <MenteeProfileEditor />
      <TimeZoneSetting />
    </>
  ),
});
