/**
 * Whether a call the mentor missed is really back in her plan now (ADR 0026): the missed call never
 * counts against her quota, but "back in your plan" is only true while the plan runs, the call's
 * period is the current one, and a call is left to book. The plan is her subscription as
 * `subscriptions.mine` reads it, whose calls left are the one count booking obeys.
 */
export type PlanNow = {
  isActive: boolean;
  status: string;
  callsLeft: number;
  callsPerPeriod: number;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
};

export type CallBack =
  /** A missed intro call: hers again (the one-trial rule ignores it). */
  | { kind: "intro-back" }
  /** Back in the plan: a call is left to book in the running period. */
  | { kind: "back"; callsLeft: number; callsPerPeriod: number }
  /** Not counted, but every call of this period is booked: when the next period starts, or when the plan ends. */
  | { kind: "none-left"; periodEnd: string | null; ending: boolean }
  /** Not counted against its period, which is over; calls left now in the new one. */
  | { kind: "period-over"; callsLeft: number; callsPerPeriod: number }
  /** Not counted, but the plan no longer runs. */
  | { kind: "plan-ended" };

export function callBackState(session: { type: string; start: string }, plan: PlanNow | undefined): CallBack {
  if (session.type === "trial") return { kind: "intro-back" };
  if (!plan?.isActive) return { kind: "plan-ended" };
  const periodStart = plan.currentPeriodStart ? Date.parse(plan.currentPeriodStart) : Number.NEGATIVE_INFINITY;
  if (Date.parse(session.start) < periodStart)
    return { kind: "period-over", callsLeft: plan.callsLeft, callsPerPeriod: plan.callsPerPeriod };
  if (plan.callsLeft <= 0) return { kind: "none-left", periodEnd: plan.currentPeriodEnd, ending: plan.status === "ending" };
  return { kind: "back", callsLeft: plan.callsLeft, callsPerPeriod: plan.callsPerPeriod };
}

/** Of her subscriptions to a mentor (past and present), the one that counts now: the running one, else the latest. */
export function planWith<T extends PlanNow & { mentor: { id: string } }>(subscriptions: readonly T[] | undefined, mentorId: string) {
  const theirs = subscriptions?.filter((s) => s.mentor.id === mentorId) ?? [];
  return theirs.find((s) => s.isActive) ?? theirs[0];
}

/** "Book another time" is offered only when booking could succeed. */
export const canBookAgain = (state: CallBack) =>
  state.kind === "intro-back" || ((state.kind === "back" || state.kind === "period-over") && state.callsLeft > 0);
