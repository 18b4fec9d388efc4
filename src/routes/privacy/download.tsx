import { createFileRoute } from "@tanstack/react-router";
import { loadCatalog } from "@/platform/i18n";
import { DownloadPage } from "@/privacy/download-page";

/**
 * The mailed "your data is ready" link (ADR 0039): signed-in mentee or mentor only; signed out, she signs in and comes
 * back. The guard's code is fetched with the page, not carried by every page's first load (tests/integration/page-weight).
 */
export const Route = createFileRoute("/privacy/download")({
  beforeLoad: async () => (await import("@/privacy/export-link")).requireMemberForDownload(),
  loader: () => loadCatalog("signed-in", "accounts"),
  component: DownloadPage,
});
