import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";

/**
 * The router's query-string format, keeping bare keys bare: `?mentees` parses to `{ mentees: "" }`
 * and `{ mentees: "" }` prints as `?mentees` (SPEC §2 redirects to `/auth/login?mentees`).
 */
export const parseSearch = defaultParseSearch;

export function stringifySearch(search: Record<string, unknown>): string {
  return defaultStringifySearch(search).replace(/=(?=&|$)/g, "");
}
