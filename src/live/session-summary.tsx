import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { LiveSession } from "@/platform/api-types";
import { ReviewForm } from "../reviews/review-form";

/**
 * After the call: a short summary, and for the mentee the review form of this mentor, only when he was in the room
 * (`otherJoined`; null when this page does not know, as when it opened after the end): a session that did not take
 * place is not rated here (she may still review him from his profile).
 */
export function SessionSummary({
  session,
  reason,
  joinedAt,
  leftAt,
  otherJoined,
  onRejoin,
}: {
  session: LiveSession;
  reason: "ended" | "left" | "replaced";
  joinedAt: number | null;
  leftAt: number;
  otherJoined: boolean | null;
  onRejoin?: () => void;
}) {
  const { t } = useLingui();
  const minutes = joinedAt ? Math.max(1, Math.round((leftAt - joinedAt) / 60000)) : 0;
  const heading =
    reason === "ended" ? t`The session has ended` : reason === "replaced" ? t`You joined from another window` : t`You left the session`;
  const otherName = session.other.name;
  return (
    <div className="grid gap-4">
      <div role="status" className="grid gap-1 rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
        <p className="text-slate-700">
          {minutes > 0
            ? plural(minutes, {
                one: `You were in the session with ${otherName} for # minute.`,
                other: `You were in the session with ${otherName} for # minutes.`,
              })
            : t`Your session with ${otherName}.`}
          {reason === "replaced" ? ` ${t`The call continues in your other window.`}` : ""}
        </p>
        {otherJoined === false && reason !== "replaced" ? (
          <p className="text-slate-700">
            <Trans>{otherName} did not join the session.</Trans>
          </p>
        ) : null}
        {onRejoin ? (
          <button type="button" className="justify-self-start text-indigo-700 underline" onClick={onRejoin}>
            <Trans>Rejoin the session</Trans>
          </button>
        ) : null}
      </div>
      {session.role === "mentee" && reason !== "replaced" && otherJoined ? (
        <div className="grid gap-2">
          <p className="text-slate-700">
            <Trans>How was your session with {otherName}? Your rating helps other mentees.</Trans>
          </p>
          <ReviewForm mentorId={session.other.id} />
        </div>
      ) : null}
      <Link to={session.role === "mentee" ? "/mentees/booked-slots" : "/mentors"} className="text-indigo-700 underline">
        {session.role === "mentee" ? <Trans>Back to your booked slots</Trans> : <Trans>Back to the dashboard</Trans>}
      </Link>
    </div>
  );
}
