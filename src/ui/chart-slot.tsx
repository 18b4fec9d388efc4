import { type ComponentProps, Suspense, useEffect, useState } from "react";
import { Skeleton } from "./skeleton";

/**
 * Where a lazily loaded chart goes: its library (visx, about 30 KB) is fetched and the chart drawn once
 * the slot is on screen or within 200 px of it, not while a phone's first screen is still busy. Until then, and while the
 * chart's code arrives, a skeleton of `placeholderClassName` keeps its place, so nothing moves; it is marked
 * `data-chart-pending` (the sweep of every screen scrolls to each and waits for the chart). Hidden from screen readers:
 * each chart has its figures in words beside it. Where there is no IntersectionObserver the chart is drawn at once. A page
 * the Worker draws has the skeleton, as the browser's first render does.
 */
export function ChartSlot({
  placeholderClassName,
  children,
  ...div
}: Omit<ComponentProps<"div">, "ref"> & { placeholderClassName: string }) {
  // A callback ref: a slot drawn after its data arrived is watched from when it appears.
  const [element, ref] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(() => typeof window !== "undefined" && typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  const placeholder = <Skeleton data-chart-pending="" className={placeholderClassName} />;
  return (
    <div ref={ref} aria-hidden="true" {...div}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
