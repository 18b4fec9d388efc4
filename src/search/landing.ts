import { msg } from "@lingui/core/macro";
import type { MentorSearch } from "../../shared/validation/search";
import { BRAND } from "../layout/brand";

/**
 * The landing's rotating taglines (SPEC §1), typed one after another in the reader's language. The page
 * writes them into the typed element (TAGLINES_ATTRIBUTE), where src/landing-island.ts reads them before the app runs.
 */
export const TAGLINE_MESSAGES = [
  msg`Unlock Your Potential: Personalized 1-on-1 Mentorship for Growth.`,
  msg`Connecting Aspirations Worldwide`,
  msg`${BRAND}: Where guidance knows no boundaries.`,
  msg`Empower Your Journey: Discover Tailored Mentorship at Your Fingertips.`,
] as const;

/** The featured mentors: the first four of the default search (SPEC §5 defaults). */
export const LANDING_SEARCH = { search: "", price: "a", rating: "9", limit: 4 } as const satisfies MentorSearch;

/** The typed part of the tagline in the landing's HTML (src/routes/index.tsx draws it). */
export const TYPED_SELECTOR = "[data-typed]";

/** The typed element's attribute holding the taglines, as a JSON array of the page's language's texts. */
export const TAGLINES_ATTRIBUTE = "data-taglines";

/** The taglines an element holds (TAGLINES_ATTRIBUTE); none when it holds nothing readable. */
export function taglinesOf(element: Element): string[] {
  try {
    const list: unknown = JSON.parse(element.getAttribute(TAGLINES_ATTRIBUTE) ?? "[]");
    return Array.isArray(list) && list.every((item) => typeof item === "string" && item !== "") ? list : [];
  } catch {
    return [];
  }
}
