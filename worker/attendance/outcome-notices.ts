import type { SessionOutcome } from "../../shared/attendance";
import { formatWhen } from "../../shared/zoned-time";
import type { Recipient } from "../realtime/push";

export type Party = { id: string; first: string; name: string; email: string; zone: string };
type Notice = { to: Recipient; content: string };

/**
 * What each side is told of an outcome (nothing for a completed session: it shows on their lists). Whole
 * sentences for an intro call and for a session, so a Hindi reader gets each whole (the messages catalog).
 * `inPlan`: a session the mentor missed is in a running plan's current period, so the call is back in it
 * to book; otherwise she is told only that it was not counted.
 */
export function outcomeNotices(
  outcome: SessionOutcome,
  slot: { type: string; start: Date },
  mentee: Party,
  mentor: Party,
  inPlan = true,
): Notice[] {
  const trial = slot.type === "trial";
  const forMentee = formatWhen(slot.start, mentee.zone);
  const forMentor = formatWhen(slot.start, mentor.zone);
  const toMentee = (content: string): Notice => ({ to: { role: "mentee", id: mentee.id }, content });
  const toMentor = (content: string): Notice => ({ to: { role: "mentor", id: mentor.id }, content });
  switch (outcome) {
    case "completed":
      return [];
    case "mentor_no_show":
      return [
        toMentee(
          trial
            ? `${mentor.name} did not join your intro call on ${forMentee}. Your intro call with them is yours again: book another time from Schedules.`
            : inPlan
              ? `${mentor.name} did not join your session on ${forMentee}. The call is back in your plan: book another time from Schedules.`
              : `${mentor.name} did not join your session on ${forMentee}. It was not counted against your plan.`,
        ),
        toMentor(
          trial
            ? `You did not join your intro call with ${mentee.name} on ${forMentor}: it counts as missed by you. If this is wrong, dispute it within 24 hours on your dashboard.`
            : `You did not join your session with ${mentee.name} on ${forMentor}: it counts as missed by you. If this is wrong, dispute it within 24 hours on your dashboard.`,
        ),
      ];
    case "mentee_no_show":
      return [
        toMentee(
          trial
            ? `You did not join your intro call with ${mentor.name} on ${forMentee}: it counts as missed. If this is wrong, dispute it within 24 hours on Booked slots.`
            : `You did not join your session with ${mentor.name} on ${forMentee}: it counts as missed and uses the call. If this is wrong, dispute it within 24 hours on Booked slots.`,
        ),
        toMentor(
          trial
            ? `${mentee.name} did not join your intro call on ${forMentor}: it counts as missed by them.`
            : `${mentee.name} did not join your session on ${forMentor}: it counts as missed by them.`,
        ),
      ];
    case "both_no_show":
      return [
        toMentee(
          trial
            ? `Nobody joined your intro call with ${mentor.name} on ${forMentee}: it counts as missed by both of you. If this is wrong, dispute it within 24 hours on Booked slots.`
            : `Nobody joined your session with ${mentor.name} on ${forMentee}: it counts as missed by both of you. If this is wrong, dispute it within 24 hours on Booked slots.`,
        ),
        toMentor(
          trial
            ? `Nobody joined your intro call with ${mentee.name} on ${forMentor}: it counts as missed by both of you. If this is wrong, dispute it within 24 hours on your dashboard.`
            : `Nobody joined your session with ${mentee.name} on ${forMentor}: it counts as missed by both of you. If this is wrong, dispute it within 24 hours on your dashboard.`,
        ),
      ];
  }
}
