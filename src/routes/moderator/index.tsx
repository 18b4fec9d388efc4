import { createFileRoute } from "@tanstack/react-router";
import { ModeratorHome } from "@/moderation/moderator-home";
import { startReads } from "@/platform/route-prefetch";
import { viewerZoneInput } from "@/platform/viewer-zone";

export const Route = createFileRoute("/moderator/")({
  loader: ({ context }) => {
    const zone = viewerZoneInput(context.viewer?.zone);
    startReads(context.reads, "moderator", (trpc, as) => [
      trpc.moderation.home.queryOptions(zone, as),
      trpc.moderation.dailyEnrollments.queryOptions(zone, as),
      trpc.moderation.dailyNewMentees.queryOptions(zone, as),
      trpc.moderation.feeRevenuePerDay.queryOptions(zone, as),
      trpc.moderation.unresponsiveMentors.queryOptions(undefined, as),
    ]);
  },
  component: ModeratorHome,
});
