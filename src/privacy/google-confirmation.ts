import { GOOGLE_START, newHandoff, sameOriginOpener, takeTabHandoff, takeTabReturnTo } from "@/accounts/google-sign-in";
import { returnPathFor } from "@/accounts/return-to";
import { GOOGLE_CONFIRM_ERRORS, type GoogleConfirmError } from "../../shared/google-sign-in";

/**
 * "Confirm with Google" before deleting an account (ADR 0042): the card opens the Google flow with a start ticket and
 * a one-time value it keeps; the popup page hands back the proof (or why there is none) only to the window holding the
 * same value, by `postMessage` to this origin, or (no popup: the flow ran in this tab) through this tab's
 * sessionStorage, read once by the card when the tab comes back to it.
 */

export const CONFIRM_MESSAGE = "mentorlink:google-confirmation";
const HANDOFF_KEY = "googleHandoff";
const RETURN_KEY = "googleReturnTo";
const RESULT_KEY = "googleConfirmation";

export type ConfirmOutcome = { proof: string } | { error: GoogleConfirmError };
type ConfirmMessage = { type: typeof CONFIRM_MESSAGE; handoff: string; outcome: ConfirmOutcome };

export const confirmStartUrl = (ticket: string, handoff: string) =>
  `${GOOGLE_START}?confirm=${encodeURIComponent(ticket)}&handoff=${encodeURIComponent(handoff)}`;

export { newHandoff };

/** No popup: the flow runs in this tab, which keeps its value and the page to come back to across the round trip. */
export function confirmInThisTab(ticket: string, handoff: string): void {
  sessionStorage.setItem(HANDOFF_KEY, handoff);
  sessionStorage.setItem(RETURN_KEY, `${window.location.pathname}${window.location.search}`);
  window.location.assign(confirmStartUrl(ticket, handoff));
}

/** The outcome the fragment carries: a proof, or one of the fixed codes (anything else a link says is "expired"). */
export function outcomeOf(params: URLSearchParams): ConfirmOutcome {
  const proof = params.get("proof");
  const error = params.get("error");
  if (error === null && proof) return { proof };
  return { error: (GOOGLE_CONFIRM_ERRORS as readonly string[]).includes(error ?? "") ? (error as GoogleConfirmError) : "expired" };
}

/**
 * On the popup page: hands the outcome to the card that started this confirmation. Answers where to go next in this
 * tab (no popup), or null (a popup, which then closes; or a link nobody started, which changes nothing).
 */
export function handConfirmationOver(params: URLSearchParams): { handed: boolean; back: string | null } {
  const handoff = params.get("handoff");
  if (!handoff) return { handed: false, back: null };
  const outcome = outcomeOf(params);
  const opener = sameOriginOpener();
  if (opener) {
    const message: ConfirmMessage = { type: CONFIRM_MESSAGE, handoff, outcome };
    opener.postMessage(message, window.location.origin);
    return { handed: true, back: null };
  }
  if (takeTabHandoff() !== handoff) return { handed: false, back: null };
  sessionStorage.setItem(RESULT_KEY, JSON.stringify(outcome));
  return { handed: true, back: returnPathFor("mentee", takeTabReturnTo()) ?? "/mentees/profile" };
}

/** On the card: the outcome of a message from its own popup carrying its own value, else null. */
export function outcomeFromMessage(event: MessageEvent, popup: Window | null, handoff: string): ConfirmOutcome | null {
  if (event.origin !== window.location.origin || !popup || event.source !== popup) return null;
  const data = event.data as Partial<ConfirmMessage> | null;
  if (!data || data.type !== CONFIRM_MESSAGE || data.handoff !== handoff || !data.outcome) return null;
  return data.outcome;
}

/** On the card, after a confirmation that ran in this tab: its outcome, read once. */
export function takeTabOutcome(): ConfirmOutcome | null {
  const value = sessionStorage.getItem(RESULT_KEY);
  sessionStorage.removeItem(RESULT_KEY);
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { proof?: unknown; error?: unknown };
    return outcomeOf(
      new URLSearchParams({
        ...(typeof parsed.proof === "string" ? { proof: parsed.proof } : {}),
        ...(typeof parsed.error === "string" ? { error: parsed.error } : {}),
      }),
    );
  } catch {
    return null;
  }
}
