import { type ComponentProps, Suspense, useEffect, useState } from "react";
import { Skeleton } from "./skeleton";

/** How long a chart near the screen waits for the page to be idle before it is drawn anyway. */
const IDLE_WAIT_MS = 2_000;

/**
 * Where a lazily loaded chart goes (ADR 0037). Its library (recharts, about 100 KB) is fetched once the slot is on screen
 * or within 200 px of it, and the chart is drawn when the page is next idle (`requestIdleCallback`, at most 2 s later):
 * recharts draws a chart in one long task, which then never sits between a person and her first tap, nor among the tasks
 * of the page's start. Until then, and while the chart's code arrives, a skeleton of `placeholderClassName` keeps its
 * place, so nothing moves; it is marked `data-chart-pending` (the sweep of every screen scrolls to each and waits for the
 * chart). `load` is the chart's import (the one `React.lazy` has), started as soon as the slot is near. Hidden from screen
 * readers: each chart has its figures in words beside it. Where there is no IntersectionObserver the chart is drawn at
 * once. A page the Worker draws has the skeleton, as the browser's first render does.
 */
export function ChartSlot({
  placeholderClassName,
  load,
  children,
  ...div
}: Omit<ComponentProps<"div">, "ref"> & { placeholderClassName: string; load?: () => Promise<unknown> }) {
  // A callback ref: a slot drawn after its data arrived is watched from when it appears.
  const [element, ref] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(() => typeof window !== "undefined" && typeof IntersectionObserver === "undefined");
  const [ready, setReady] = useState(false);
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
  useEffect(() => {
    if (!near || ready) return;
    let cancelled = false;
    let idle: number | undefined;
    // The code first (its download is no work for the page), then the next idle moment for the drawing.
    void Promise.resolve(load?.())
      .catch(() => undefined) // the lazy part reports a failed download where it is drawn
      .then(() => {
        if (cancelled) return;
        if (typeof requestIdleCallback === "function") idle = requestIdleCallback(() => setReady(true), { timeout: IDLE_WAIT_MS });
        else setReady(true);
      });
    return () => {
      cancelled = true;
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [near, ready, load]);
  const placeholder = <Skeleton data-chart-pending="" className={placeholderClassName} />;
  return (
    <div ref={ref} aria-hidden="true" {...div}>
      {ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
