import { useEffect, useState } from "react";

/**
 * True once the element is on screen or within `margin` of it, and from then on (issue 28): a chart's library (recharts, about
 * 100 KB) is fetched and drawn when the person scrolls near it, not while the page's first screen is still busy on a phone.
 * `ref` is a callback ref, so an element drawn later (after its data) is watched from when it appears. Where there is no
 * IntersectionObserver it is true at once.
 */
export function useNearView<T extends Element>(margin = "200px") {
  const [element, ref] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return { ref, near };
}
