import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import type { MentorSearch } from "../../worker/validation/search";
import { MentorCard, MentorCardSkeleton } from "./mentor-card";
import { Button } from "./ui/button";

/** Mentor cards for one search; skeleton cards while loading, a retry on failure. */
export function MentorList({ query, skeletons, label }: { query: MentorSearch; skeletons: number; label: string }) {
  const trpc = useTRPC();
  const search = useQuery(trpc.mentors.search.queryOptions(query));

  if (search.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: skeletons }, (_, i) => (
          <MentorCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-slate-700">We couldn't load mentors right now. Please check your connection and try again.</p>
        <Button variant="outline" onClick={() => void search.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!search.data.length) return <p className="text-slate-600">No mentors match your search yet.</p>;
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {search.data.map((mentor, index) => (
        <li key={mentor.id} className="flex">
          <MentorCard mentor={mentor} index={index} />
        </li>
      ))}
    </ul>
  );
}
