import { createFileRoute } from "@tanstack/react-router";
import { loadCatalog } from "@/platform/i18n";
import { DownloadPage } from "@/privacy/download-page";
import { requireMemberForDownload } from "@/privacy/export-link";

/** The mailed "your data is ready" link (ADR 0039): signed-in mentee or mentor only; signed out, she signs in and comes back. */
export const Route = createFileRoute("/privacy/download")({
  beforeLoad: requireMemberForDownload,
  loader: () => loadCatalog("signed-in"),
  component: DownloadPage,
});
