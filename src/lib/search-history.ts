import { drawnViewer } from "./drawn-for";
import { tellSearches } from "./page-cookie";

/**
 * The last few mentor searches typed in this browser (issue 23): the mentee home suggests mentors
 * from them. Kept in this browser only (the server stores no search history); newest first. The app also tells them
 * to the Worker in a cookie sent with the mentee's pages only, which draws her home with them (issue 28).
 */
const KEY = "mentorlink:recent-searches";
export const RECENT_SEARCHES = 5;

export function recentSearches(): string[] {
  const drawn = drawnViewer();
  if (drawn) return drawn.searches;
  try {
    return validSearches(JSON.parse(localStorage.getItem(KEY) ?? "[]"));
  } catch {
    return [];
  }
}

/** The searches a stored or told list holds: at most five non-empty texts of at most 100 characters. */
export function validSearches(parsed: unknown): string[] {
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string" && t.trim() !== "" && t.length <= 100).slice(0, RECENT_SEARCHES) : [];
}

export function rememberSearch(text: string): void {
  const term = text.trim().slice(0, 100);
  if (!term) return;
  try {
    const next = [term, ...recentSearches().filter((t) => t.toLowerCase() !== term.toLowerCase())].slice(0, RECENT_SEARCHES);
    localStorage.setItem(KEY, JSON.stringify(next));
    tellSearches(next);
  } catch {
    // Storage refused: suggestions come from her subscriptions alone.
  }
}
