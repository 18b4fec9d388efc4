import { createFileRoute } from "@tanstack/react-router";
import { MenteeHome } from "@/home/mentee-home";
import { startReads } from "@/platform/route-prefetch";
import { readSession } from "@/platform/session";
import { recentSearches } from "@/search/search-history";

export const Route = createFileRoute("/mentees/")({
  loader: ({ context }) =>
    startReads(context.reads, "mentee", (trpc, as) => [
      trpc.mentees.home.queryOptions({ searches: context.viewer?.searches ?? recentSearches(readSession("mentee")?.id) }, as),
    ]),
  component: MenteeHome,
});
