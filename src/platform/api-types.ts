import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../worker/trpc/router";

export type { AppRouter };

/** What each procedure answers, as the SPA receives it: the one way the SPA names the server's types (ADR 0022). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export type SlotView = RouterOutputs["scheduling"]["mySlots"][number];
export type MenteeSubscription = RouterOutputs["subscriptions"]["mine"][number];
export type MentorSubscriber = RouterOutputs["subscriptions"]["subscribers"][number];
export type SubscriptionStatus = MenteeSubscription["status"];
export type OwnMentorProfile = RouterOutputs["mentors"]["myProfile"];
export type LiveSession = RouterOutputs["live"]["session"];
export type MentorCardData = RouterOutputs["mentors"]["search"][number];
export type MenteePayment = RouterOutputs["subscriptions"]["payments"][number];
export type PaymentReceipt = RouterOutputs["subscriptions"]["receipt"];
