import { t } from "@lingui/core/macro";
// The app's Lingui instance (English until another language is chosen): the rule is written at call time.
import "@/platform/i18n";
import { outcomeIfAlone, type Presence, waitAfterStartMs } from "../../shared/attendance";
import { formatTime } from "../../shared/zoned-time";

type WaitRuleInput = {
  /** "session" or "trial" (the intro call waits 5 minutes, a session 10). */
  type: string;
  start: string;
  end: string;
  now: number;
  /** What the room has recorded so far (./room-attendance.ts): the words follow the rule's outcome for it. */
  presence: Presence[];
  /** Who is waiting: the mentee's own call goes back to her plan when her mentor does not come. */
  viewer: "mentee" | "mentor";
  otherName: string;
  /** The viewer's zone, for the deadline's time. */
  zone: string;
};

/**
 * While one waits for the other: the attendance rule (shared/attendance.ts) in a sentence, decided by
 * the outcome the rule gives the room's record if nothing changes (one stays, the other does not come
 * back). Once they have been in the room together: the session counts as held, whatever happens. Else,
 * after the start: before the wait runs out, by when the other must join; after it, who the session
 * counts as missed by unless the other joins while one is still there. Null before the start otherwise.
 */
export function waitRuleText({ type, start, end, now, presence, viewer, otherName, zone }: WaitRuleInput): string | null {
  const startAt = Date.parse(start);
  const outcome = outcomeIfAlone({ type, start: new Date(startAt), end: new Date(Date.parse(end)) }, presence, viewer, now);
  if (outcome === "completed")
    return t`You and ${otherName} were in the call together, so this session counts as held, even if ${otherName} does not come back.`;
  if (now < startAt) return null;
  const deadline = startAt + waitAfterStartMs(type);
  // As the settling says it afterwards (worker/attendance/settle.ts): a missed intro call uses nothing of hers.
  const consequence = viewer === "mentee" ? (type === "trial" ? "intro-back" : "call-back") : type === "trial" ? "none" : "uses-call";
  const by = formatTime(deadline, zone);
  if (now < deadline) {
    switch (consequence) {
      case "intro-back":
        return t`If ${otherName} hasn't joined by ${by}, this session will count as missed by ${otherName}, and your intro call with them is yours again. Stay on this page until then.`;
      case "call-back":
        return t`If ${otherName} hasn't joined by ${by}, this session will count as missed by ${otherName}, and your call goes back to your plan. Stay on this page until then.`;
      case "uses-call":
        return t`If ${otherName} hasn't joined by ${by}, this session will count as missed by ${otherName}, and it uses ${otherName}'s call. Stay on this page until then.`;
      default:
        return t`If ${otherName} hasn't joined by ${by}, this session will count as missed by ${otherName}. Stay on this page until then.`;
    }
  }
  if (outcome === `${viewer}_no_show`)
    return t`It's past ${by}: ${otherName} was here in time and you were not, so this session counts as missed by you, unless ${otherName} joins while you are still here.`;
  if (outcome === "both_no_show")
    return t`It's past ${by} and neither of you was here in time: this session counts as missed by both of you, unless ${otherName} joins while you are still here.`;
  switch (consequence) {
    case "intro-back":
      return t`It's past ${by} and ${otherName} hasn't joined: this session counts as missed by ${otherName}, and your intro call with them is yours again, unless ${otherName} joins while you are still here.`;
    case "call-back":
      return t`It's past ${by} and ${otherName} hasn't joined: this session counts as missed by ${otherName}, and your call goes back to your plan, unless ${otherName} joins while you are still here.`;
    case "uses-call":
      return t`It's past ${by} and ${otherName} hasn't joined: this session counts as missed by ${otherName}, and it uses ${otherName}'s call, unless ${otherName} joins while you are still here.`;
    default:
      return t`It's past ${by} and ${otherName} hasn't joined: this session counts as missed by ${otherName}, unless ${otherName} joins while you are still here.`;
  }
}
