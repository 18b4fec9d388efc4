import { writeSession } from "../platform/session";

/**
 * The Google popup's hand-over. The sign-in page makes a one-time value, keeps it, and
 * starts the sign-in with it; the popup page hands the session back only to the window that holds
 * the same value: by `postMessage` to this exact origin, or (no popup: the flow ran in this tab)
 * through this tab's sessionStorage. A link with someone else's session stores nothing.
 */

export const GOOGLE_START = "/api/mentees/google_auth_mentee";
const HANDOFF_KEY = "googleHandoff";
const RETURN_KEY = "googleReturnTo";
export const HANDOFF_MESSAGE = "mentorlink:google-session";

export type GoogleSession = { menteeId: string; menteeName: string; accessToken: string; refreshToken: string; profileImageUrl: string };
export type HandoffMessage = { type: typeof HANDOFF_MESSAGE; handoff: string; session: GoogleSession };

/**
 * The English of the generic refusal, as the tests look for it. The popup page shows it, and the texts of
 * the callback's fixed error codes, in the reader's language (src/routes/auth/mentee/googleauthsuccess.tsx).
 */
export const GOOGLE_INCOMPLETE = "Google sign-in did not complete. Please start it again from the sign-in page.";

export function newHandoff(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const startUrl = (handoff: string) => `${GOOGLE_START}?handoff=${encodeURIComponent(handoff)}`;

/** No popup: the flow runs in this tab, which remembers its value (and the page to come back to) across the round trip. */
export function startInThisTab(handoff: string, returnTo: string | null = null): void {
  sessionStorage.setItem(HANDOFF_KEY, handoff);
  if (returnTo) sessionStorage.setItem(RETURN_KEY, returnTo);
  else sessionStorage.removeItem(RETURN_KEY);
  window.location.assign(startUrl(handoff));
}

export function storeGoogleSession(session: GoogleSession): void {
  writeSession("mentee", {
    id: session.menteeId,
    name: session.menteeName,
    profileImageUrl: session.profileImageUrl,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
  });
}

/** On the opener: the session of a message from its own popup carrying its own value, else null. */
export function sessionFromMessage(event: MessageEvent, popup: Window | null, handoff: string): GoogleSession | null {
  if (event.origin !== window.location.origin || !popup || event.source !== popup) return null;
  const data = event.data as Partial<HandoffMessage> | null;
  if (!data || data.type !== HANDOFF_MESSAGE || data.handoff !== handoff || !data.session) return null;
  return data.session;
}

/** On the popup page: the value this tab started with (then forgotten), for the no-popup case. */
export function takeTabHandoff(): string | null {
  const value = sessionStorage.getItem(HANDOFF_KEY);
  sessionStorage.removeItem(HANDOFF_KEY);
  return value;
}

/** On the popup page, no popup: the page this tab started from (then forgotten); the caller checks it again. */
export function takeTabReturnTo(): string | null {
  const value = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return value;
}

/** The opener, when it is a window of this app (same origin); a cross-origin opener gets nothing. */
export function sameOriginOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}
