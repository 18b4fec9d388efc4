import { createFileRoute } from "@tanstack/react-router";
import { loadCatalog } from "@/platform/i18n";
import { PrivacyPage } from "@/privacy/privacy-page";

/** What MentorLink keeps, for how long, who receives it, and the person's rights; public, linked from the footer. */
export const Route = createFileRoute("/privacy/")({
  loader: () => loadCatalog("signed-in", "accounts"),
  component: PrivacyPage,
});
