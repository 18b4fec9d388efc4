import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/ui/button-variants";

/** "Session notes" of a completed session (ADR 0026), to its shared notes page in the viewer's area. */
export function SessionNotesLink({ slotId, viewer, otherName }: { slotId: string; viewer: "mentee" | "mentor"; otherName: string }) {
  const to = viewer === "mentee" ? "/mentees/sessions/$slotId/notes" : "/mentors/sessions/$slotId/notes";
  return (
    <Link to={to} params={{ slotId }} className={`${buttonVariants({ size: "sm", variant: "outline" })} justify-self-start`}>
      <Trans>
        Session notes<span className="sr-only"> of the session with {otherName}</span>
      </Trans>
    </Link>
  );
}
