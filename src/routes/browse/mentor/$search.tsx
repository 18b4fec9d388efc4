import { createFileRoute } from "@tanstack/react-router";
import { MentorList } from "@/components/mentor-list";
import { PublicNav } from "@/components/public-nav";
import { SiteFooter } from "@/components/site-footer";

/** `all` stands for no search text. */
const ALL = "all";

export const Route = createFileRoute("/browse/mentor/$search")({ component: BrowseMentors });

function BrowseMentors() {
  const { search } = Route.useParams();
  const text = search === ALL ? "" : search;
  return (
    <>
      <PublicNav />
      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold text-slate-900">{text ? `Mentors for "${text}"` : "Find a Mentor"}</h1>
        <hr className="border-slate-200" />
        <MentorList query={{ search: text, price: "a", rating: "9" }} skeletons={2} label="Mentors" />
      </main>
      <SiteFooter />
    </>
  );
}
