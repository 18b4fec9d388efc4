import { type RefObject, useEffect } from "react";

/**
 * Keeps an element's height in a CSS variable on the page's root (`--sticky-header`, `--zone-bar`) while it is drawn,
 * for what has to leave room for it, and removes the variable when it goes. Looked at after every render: an element
 * drawn only under some conditions is followed through its ref.
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    // Measured by the observer (its first report comes before the next paint): never a layout forced during a render's
    // commit, which on a slow phone lengthened the task that takes over a drawn page.
    const update = () => root.style.setProperty(variable, `${element.offsetHeight}px`);
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  });
}
