import type { RefObject } from "react";
import { useHeightVariable } from "@/ui/use-height-variable";

/**
 * Keeps what the browser scrolls into view (a field the keyboard focuses, a link's target, a calendar cell) clear of
 * the sticky header: the page's `scroll-padding-top` follows the header's height, one row on a desktop, two or three
 * on a phone (src/styles.css). WCAG 2.2's 2.4.11, Focus Not Obscured.
 */
export function useStickyHeaderOffset(ref: RefObject<HTMLElement | null>): void {
  useHeightVariable(ref, "--sticky-header");
}
