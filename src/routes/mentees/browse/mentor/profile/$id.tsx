import { createFileRoute } from "@tanstack/react-router";
import { MentorProfileView } from "@/profiles/mentor-profile-view";

export const Route = createFileRoute("/mentees/browse/mentor/profile/$id")({
  component: function MenteeMentorProfile() {
    return <MentorProfileView mentorId={Route.useParams().id} area="mentee" />;
  },
});
