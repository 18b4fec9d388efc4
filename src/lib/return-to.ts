import { roleOfArea } from "./areas";
import { safeReturnPath } from "./return-path";
import type { Role } from "./session";

/**
 * Return-to after signing in (issue 23): a "sign in to …" link carries `?redirect=<path>` and the
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

/**
 * A signed-out deep link into an area (issue 23). The area guards must send the person to the
 * sign-in URL of SPEC §2 exactly (`/auth/login?mentees`), so the page she asked for travels beside
 * the URL: kept in this tab for 15 minutes, used by the next sign-in page that opens, then dropped.
 */
const GUARDED_KEY = "mentorlink:guarded-path";
const GUARDED_FOR_MS = 15 * 60 * 1000;

export function rememberGuardedPath(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(GUARDED_KEY, JSON.stringify({ path: safe, at: Date.now() }));
  } catch {
    // Storage refused: she lands on her area's home instead.
  }
}

/** The guarded page asked for in the last 15 minutes, if any (read without dropping it; see `forgetGuardedPath`). */
export function guardedPath(): string | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(GUARDED_KEY) ?? "null") as { path?: unknown; at?: unknown } | null;
    if (!stored || typeof stored.at !== "number" || Date.now() - stored.at > GUARDED_FOR_MS) return undefined;
    return safeReturnPath(stored.path) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetGuardedPath(): void {
  try {
    sessionStorage.removeItem(GUARDED_KEY);
  } catch {
    // Nothing kept.
  }
}
