import { tellSearches } from "../platform/page-cookie";
import { workerDrawnViewer } from "../platform/worker-drawn-viewer";

/**
 * The last few mentor searches a signed-in mentee typed in this browser: her home suggests
 * mentors from them. Kept in this browser only (the server stores no search history), newest first,
 * and kept for her: the list names the mentee it belongs to, is read only for her, and goes when she
 * signs out here or another person signs in (ADR 0030). The app also tells them to the Worker in a
 * cookie sent with the mentee's pages only, which draws her home with them (ADR 0028).
 */
const KEY = "mentorlink:recent-searches";
export const RECENT_SEARCHES = 5;

type Stored = { owner: string; searches: string[] };

function stored(): Stored | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    // A list that names no one (an older app's) is nobody's to show.
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const { owner, searches } = parsed as Partial<Stored>;
    return typeof owner === "string" && owner ? { owner, searches: validSearches(searches) } : null;
  } catch {
    return null;
  }
}

/** The recent searches of the mentee `owner` (her id; none for anyone else, or signed out). */
export function recentSearches(owner: string | undefined): string[] {
  const drawn = workerDrawnViewer();
  if (drawn) return drawn.searches;
  const list = stored();
  return owner && list?.owner === owner ? list.searches : [];
}

/** The searches a stored or told list holds: at most five non-empty texts of at most 100 characters. */
export function validSearches(parsed: unknown): string[] {
  return Array.isArray(parsed)
    ? parsed.filter((t): t is string => typeof t === "string" && t.trim() !== "" && t.length <= 100).slice(0, RECENT_SEARCHES)
    : [];
}

/** Keeps a search for the signed-in mentee `owner`; a search with no mentee signed in is kept for no one. */
export function rememberSearch(text: string, owner: string | undefined): void {
  const term = text.trim().slice(0, 100);
  if (!term || !owner) return;
  try {
    const next = [term, ...recentSearches(owner).filter((t) => t.toLowerCase() !== term.toLowerCase())].slice(0, RECENT_SEARCHES);
    localStorage.setItem(KEY, JSON.stringify({ owner, searches: next } satisfies Stored));
    tellSearches(next);
  } catch {
    // Storage refused: suggestions come from her subscriptions alone.
  }
}

/** Forgets the searches kept here (she signed out, or another person signed in): the list and what the Worker was told. */
export function forgetSearches(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
  tellSearches([]);
}
