import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { Role } from "../../shared/role";
import type { MentorSearch } from "../../shared/validation/search";
import type { AppRouter, RouterOutputs } from "./api-types";
import { PAGE_DATA_ID } from "./page-shells";

/** A mentor's public profile as `mentors.profile` answers a visitor. */
export type ProfileAnswer = RouterOutputs["mentors"]["profile"];

/**
 * The answer a Worker-rendered page was drawn from (ADR 0018), sent inside its HTML so the
 * app's first render draws the same page without asking again: a mentor's profile, or a search (the
 * landing's featured mentors, or the browse page at `href` with its results), or a signed-in page's reads as the
 * person's query cache had them (src/prerender/draw-signed-in-page.tsx).
 */
export type PageSeed =
  | { kind: "profile"; mentorId: string; answer: ProfileAnswer }
  | { kind: "search"; href: string; input: MentorSearch; answer: RouterOutputs["mentors"]["search"] }
  | { kind: "signed-in"; role: Role; userId: string; answers: SeedAnswer[]; drawnAt?: number };
/**
 * One read a signed-in page was drawn with: its key, its answer and when it was read. (Not TanStack Query's dehydrated
 * state: only answers are sent, and putting them back takes no code of its own in the app's first script.)
 */
export type SeedAnswer = { queryKey: QueryKey; data: unknown; readAt: number };
/** A public page's answer: the same for every visitor. */
export type PublicSeed = Exclude<PageSeed, { kind: "signed-in" }>;

/** Puts a page's answer in the query cache under the key its page's query uses. */
export function seedPage(queryClient: QueryClient, client: TRPCClient<AppRouter>, seed: PageSeed): void {
  if (seed.kind === "signed-in") {
    for (const answer of seed.answers) queryClient.setQueryData(answer.queryKey, answer.data, { updatedAt: answer.readAt });
    return;
  }
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  if (seed.kind === "profile") queryClient.setQueryData(trpc.mentors.profile.queryKey({ mentorId: seed.mentorId }), seed.answer);
  else queryClient.setQueryData(trpc.mentors.search.queryKey(seed.input), seed.answer);
}

/** The data block: JSON that cannot end the script element it sits in. */
export const pageDataScript = (seed: PageSeed) =>
  `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(seed).replace(/</g, "\\u003c")}</script>`;

/** The seed in this document, if the Worker sent one. */
export function readPageSeed(): PageSeed | null {
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block) return null;
  try {
    return JSON.parse(block.textContent ?? "") as PageSeed;
  } catch {
    return null;
  }
}
