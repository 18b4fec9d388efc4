import { type RefObject, useEffect } from "react";

/**
 * Keeps what the browser scrolls into view (a field the keyboard focuses, a link's target, a calendar cell) clear of
 * the sticky header: the page's `scroll-padding-top` follows the header's height, one row on a desktop, two or three
 * on a phone (src/styles.css). WCAG 2.2's 2.4.11, Focus Not Obscured.
 */
export function useStickyHeaderOffset(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty("--sticky-header", `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--sticky-header");
    };
  }, [ref]);
}
