import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { TextWithLinks } from "@/ui/text-with-links";

/** The mentee's agenda for the session (written when booking), for both, folded away on a phone so the call keeps the room. */
export function AgendaPanel({
  agenda,
  role,
  otherName,
  inCall,
}: {
  agenda: string | null;
  role: "mentee" | "mentor";
  otherName: string;
  /** In the call: a long agenda scrolls inside the panel, so the video and the controls keep the room. */
  inCall?: boolean;
}) {
  const [wide] = useState(() => typeof window !== "undefined" && Boolean(window.matchMedia?.("(min-width: 768px)").matches));
  return (
    <details
      className={inCall ? "shrink-0 rounded-lg border border-slate-200 bg-white" : "rounded-lg border border-slate-200 bg-white"}
      open={wide}
    >
      <summary className="cursor-pointer list-inside px-4 py-2 font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        <Trans>Agenda</Trans>
      </summary>
      <div className={inCall ? "max-h-32 overflow-y-auto px-4 pb-3 text-sm text-slate-800" : "px-4 pb-3 text-sm text-slate-800"}>
        {agenda ? (
          <p>
            <TextWithLinks text={agenda} />
          </p>
        ) : (
          <p className="text-slate-600">
            {role === "mentee" ? (
              <Trans>You did not write an agenda for this session. You can tell your mentor in the call.</Trans>
            ) : (
              <Trans>{otherName} did not write an agenda for this session.</Trans>
            )}
          </p>
        )}
      </div>
    </details>
  );
}
