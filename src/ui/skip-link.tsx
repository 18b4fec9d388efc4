import { Trans } from "@lingui/react/macro";

/** The id of every page's <main>, the skip link's target. */
export const MAIN_ID = "main";

/**
 * "Skip to main content": the first thing a keyboard reaches on every page, hidden until focused.
 * A plain in-page link (it works on the pre-rendered landing before any script); the target is a
 * `<main id="main" tabIndex={-1}>`, so focus lands there and the next Tab goes into the page.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        // Focus without changing the URL's fragment (the router would take it as a navigation).
        event.preventDefault();
        main.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-indigo-500"
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}
