import type { QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../worker/trpc/router";

/** A mentor's public profile as `mentors.profile` answers a visitor (issue 13: sent inside the profile's HTML). */
export type ProfileAnswer = inferRouterOutputs<AppRouter>["mentors"]["profile"];

/** The JSON block the Worker writes into a profile page, read once before React's first render. */
export const PROFILE_DATA_ID = "mentor-profile-data";

/** Puts a profile answer in the query cache under the key the profile page's query uses. */
export function seedProfile(queryClient: QueryClient, client: TRPCClient<AppRouter>, mentorId: string, answer: ProfileAnswer): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  queryClient.setQueryData(trpc.mentors.profile.queryKey({ mentorId }), answer);
}

/** The block's text: JSON that cannot end the script element it sits in. */
export const profileDataJson = (mentorId: string, answer: ProfileAnswer) => JSON.stringify({ mentorId, answer }).replace(/</g, "\\u003c");
