import { safeReturnPath } from "./return-path";

/**
 * A signed-out deep link into an area. The area guards must send the person to the
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
