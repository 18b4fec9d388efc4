import { msg } from "@lingui/core/macro";
import { BRAND } from "./brand";
import type { MentorSearch } from "../../shared/validation/search";

/**
 * The landing's rotating taglines (SPEC §1), typed one after another: in the reader's language by the
 * page (TAGLINE_MESSAGES), in English by src/landing-island.ts before the app runs (TAGLINES).
 */
export const TAGLINE_MESSAGES = [
  msg`Unlock Your Potential: Personalized 1-on-1 Mentorship for Growth.`,
  msg`Connecting Aspirations Worldwide`,
  msg`${BRAND}: Where guidance knows no boundaries.`,
  msg`Empower Your Journey: Discover Tailored Mentorship at Your Fingertips.`,
] as const;

export const TAGLINES = [
  "Unlock Your Potential: Personalized 1-on-1 Mentorship for Growth.",
  "Connecting Aspirations Worldwide",
  `${BRAND}: Where guidance knows no boundaries.`,
  "Empower Your Journey: Discover Tailored Mentorship at Your Fingertips.",
] as const;

/** The featured mentors: the first four of the default search (SPEC §5 defaults). */
export const LANDING_SEARCH = { search: "", price: "a", rating: "9", limit: 4 } as const satisfies MentorSearch;

/** The typed part of the tagline in the landing's HTML (src/routes/index.tsx draws it). */
export const TYPED_SELECTOR = "[data-typed]";
