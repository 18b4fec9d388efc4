import { roleOfArea } from "../platform/areas";
import type { Role } from "../platform/session";
import { safeReturnPath } from "./return-path";

/**
 * Return-to after signing in: a "sign in to …" link carries `?redirect=<path>` and the
 * sign-in, sign-up and Google flows bring the person back there. Only a same-origin path is kept
 * (`safeReturnPath`, return-path.ts); anything else is ignored.
 */
export { safeReturnPath };

/** The path to open after `role` signed in: the return-to when it is public or in that role's area, else the role's home. */
export function returnPathFor(role: Role, redirect: unknown): string | null {
  const path = safeReturnPath(redirect);
  if (!path) return null;
  const area = roleOfArea(new URL(path, "https://same-origin.invalid").pathname);
  return area === null || area === role ? path : null;
}

/** The current page as a return-to value (path, query and fragment). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** After sign-up the sign-in page opens with her e-mail filled in (kept in this tab only, read once). */
const SIGNUP_EMAIL_KEY = "mentorlink:signup-email";

export function rememberSignupEmail(email: string): void {
  try {
    sessionStorage.setItem(SIGNUP_EMAIL_KEY, email);
  } catch {
    // Storage refused (private mode): she types it.
  }
}

export function takeSignupEmail(): string {
  try {
    const email = sessionStorage.getItem(SIGNUP_EMAIL_KEY) ?? "";
    sessionStorage.removeItem(SIGNUP_EMAIL_KEY);
    return email;
  } catch {
    return "";
  }
}

export type RedirectSearch = { redirect?: string };

/** Keeps `?redirect=` only when it is a safe same-origin path. */
export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  const path = safeReturnPath(search.redirect);
  return path ? { redirect: path } : {};
}
