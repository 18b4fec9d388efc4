import { createFileRoute } from "@tanstack/react-router";
import { PublicNav } from "@/layout/public-nav";
import { SiteFooter } from "@/layout/site-footer";
import { MentorProfileView } from "@/profiles/mentor-profile-view";
import { MAIN_ID } from "@/ui/skip-link";

export const Route = createFileRoute("/browse/mentor/profile/$id")({ component: PublicMentorProfile });

function PublicMentorProfile() {
  return (
    <>
      <PublicNav />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
        <MentorProfileView mentorId={Route.useParams().id} area="public" />
      </main>
      <SiteFooter />
    </>
  );
}
