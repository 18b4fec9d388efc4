import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fromNow } from "../../src/platform/dates";
import { useNow } from "../../src/platform/use-now";
import { drawForViewer, takeOverPageDrawnAt } from "../../src/platform/worker-drawn-viewer";

/** A relative time as the app's lists show one. */
function Ago({ iso }: { iso: string }) {
  const now = useNow();
  return createElement("span", null, fromNow(iso, now));
}

describe("relative times on a page the Worker drew", () => {
  afterEach(() => {
    takeOverPageDrawnAt(undefined);
    vi.useRealTimers();
  });

  it("are the same words when the browser takes the page over after a threshold has passed", () => {
    const drawnAt = Date.parse("2026-11-28T10:00:00Z");
    const updated = new Date(drawnAt - 40_000).toISOString(); // "a few seconds ago" until 45 s have passed
    vi.useFakeTimers();
    vi.setSystemTime(drawnAt);
    const drawn = drawForViewer({ locale: "en", zone: "UTC", searches: [], drawnAt }, () =>
      renderToString(createElement(Ago, { iso: updated })),
    );
    expect(drawn).toContain("a few seconds ago");

    // The browser takes the page over 10 s later, 50 s after the update.
    vi.setSystemTime(drawnAt + 10_000);
    takeOverPageDrawnAt(drawnAt);
    expect(renderToString(createElement(Ago, { iso: updated }))).toBe(drawn);
    // A page that was not drawn by the Worker tells the time from now.
    takeOverPageDrawnAt(undefined);
    expect(renderToString(createElement(Ago, { iso: updated }))).toContain("a minute ago");
  });
});
