import type { RouterOutputs } from "@/platform/api-types";

/** The mentee home's answer (mentees.home). */
export type MenteeHomeData = RouterOutputs["mentees"]["home"];
export type HomeSubscription = MenteeHomeData["subscriptions"][number];
export type SuggestedMentor = MenteeHomeData["suggestions"]["mentors"][number];
