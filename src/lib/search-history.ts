/**
 * The last few mentor searches typed in this browser (issue 23): the mentee home suggests mentors
 * from them. Kept in localStorage only (the server stores no search history); newest first.
 */
const KEY = "mentorlink:recent-searches";
export const RECENT_SEARCHES = 5;

export function recentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string" && t.trim() !== "").slice(0, RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(text: string): void {
  const term = text.trim().slice(0, 100);
  if (!term) return;
  try {
    const next = [term, ...recentSearches().filter((t) => t.toLowerCase() !== term.toLowerCase())].slice(0, RECENT_SEARCHES);
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage refused: suggestions come from her subscriptions alone.
  }
}
