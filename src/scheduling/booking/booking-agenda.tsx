import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/ui/button";
import { TextWithLinks } from "@/ui/text-with-links";

// The form loads on the tap that opens it, so the booked slots page stays light.
const AgendaForm = lazy(() => import("./agenda-form"));

/**
 * Her agenda on a booking card (ADR 0026): what she would like to discuss, its links clickable, and
 * until the session starts "Add agenda" / "Edit agenda", which opens the form in place.
 */
export function BookingAgenda({
  slotId,
  agenda,
  start,
  mentorFirstName,
}: {
  slotId: string;
  agenda: string | null;
  start: string;
  mentorFirstName: string;
}) {
  const [editing, setEditing] = useState(false);
  const editable = new Date(start).getTime() > Date.now();
  if (editing && editable) {
    return (
      <Suspense
        fallback={
          <p className="text-sm text-slate-600">
            <Trans>Opening the agenda…</Trans>
          </p>
        }
      >
        <AgendaForm slotId={slotId} agenda={agenda} mentorFirstName={mentorFirstName} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }
  if (!agenda && !editable) return null;
  return (
    <div className="grid gap-1 text-sm" data-testid="booking-agenda">
      {agenda ? (
        <p className="text-slate-700">
          <span className="font-medium text-slate-900">
            <Trans>Agenda:</Trans>{" "}
          </span>
          <TextWithLinks text={agenda} />
        </p>
      ) : (
        <p className="text-slate-600">
          <Trans>No agenda yet. Tell {mentorFirstName} what you would like to discuss.</Trans>
        </p>
      )}
      {editable ? (
        <div>
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {agenda ? <Trans>Edit agenda</Trans> : <Trans>Add agenda</Trans>}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
