import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LoadError } from "@/components/load-error";
import { SlotTime, useMyZone } from "@/components/schedule-bits";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/lib/trpc";

export const Route = createFileRoute("/mentors/connect/live/$sessionId")({ component: LiveRoom });

/** The live room comes with the live-sessions issue; until then this says when and with whom. */
function LiveRoom() {
  const { sessionId } = Route.useParams();
  const trpc = useTRPC();
  const zone = useMyZone();
  const slot = useQuery(trpc.scheduling.slot.queryOptions({ slotId: sessionId }));
  return (
    <section aria-labelledby="live-title" className="grid gap-3">
      <h1 id="live-title" className="text-2xl font-bold text-slate-900">
        Live session
      </h1>
      {slot.isPending ? (
        <Skeleton role="status" aria-label="Loading the session" className="h-20 w-full" />
      ) : slot.isError ? (
        <LoadError what="this session" onRetry={() => void slot.refetch()} />
      ) : (
        <>
          <p className="text-slate-700">
            {slot.data.menteeName ? `With ${slot.data.menteeName}.` : "This slot is not booked."} The video room opens at the start of the session:
          </p>
          <SlotTime start={slot.data.start} zone={zone} otherZone={slot.data.menteeTimeZone} otherLabel="Mentee's time" />
          <p className="text-slate-600">Live video is coming soon. Keep this page open or come back at the start.</p>
        </>
      )}
      <Link to="/mentors" className="text-indigo-700 underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
