import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "@tanstack/react-router";
import { CalendarDays, Check, Users } from "lucide-react";
import { apiError } from "@/platform/api-error";
import { LOGIN_SEARCH } from "@/platform/areas";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { CALLS_PER_MONTH, monthlyPricePaise } from "../../shared/plan";
import { StartChatButton } from "../chat/start-chat-button";
import { RatingSummary } from "../reviews/rating-summary";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ComingSoonButton } from "../ui/coming-soon-button";

/** The subscription plan of SPEC §9. */
const PLAN = [
  msg`4 calls per month of 60 minutes each`,
  msg`Unlimited Q&A via chat`,
  msg`Responses within 24 hours`,
  msg`Flat fee per hour, no hidden costs`,
];

type PlanPanelProps = {
  mentorId: string;
  hourlyRatePaise: number;
  rating: number | null;
  reviewCount: number;
  /** A mentee is signed in (only mentees see Subscribe and Chat). */
  viewerIsMentee: boolean;
  isEnrollmentActive: boolean;
};

/** Price, plan and rating, then the subscriber's actions, "Subscribe Now", or a sign-in prompt. */
export function MentorPlanPanel({ mentorId, hourlyRatePaise, rating, reviewCount, viewerIsMentee, isEnrollmentActive }: PlanPanelProps) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const subscribed = viewerIsMentee && isEnrollmentActive;
  const monthly = formatRupees(monthlyPricePaise(hourlyRatePaise));
  const hourly = formatRupees(hourlyRatePaise);
  // "Sign in as a mentee to subscribe" comes back to this profile.
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Card className="h-fit lg:sticky lg:top-24">
      <CardHeader>
        <CardTitle>{subscribed ? <Trans>Your subscription</Trans> : <Trans>Subscribe Now</Trans>}</CardTitle>
        <p className="text-2xl font-bold text-slate-900">
          {monthly}
          <span className="text-base font-normal text-slate-600">
            {" "}
            <Trans>/ month, {CALLS_PER_MONTH} one-hour calls</Trans>
          </span>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>{hourly} / hour</Trans>
        </p>
        <RatingSummary rating={rating} reviewCount={reviewCount} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul aria-label={t`What the plan includes`} className="grid gap-2">
          {PLAN.map((line) => (
            <li key={line.id} className="flex items-start gap-2 text-sm text-slate-700">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {i18n._(line)}
            </li>
          ))}
        </ul>
        {subscribed ? (
          <div className="grid gap-2">
            <p className="text-sm text-slate-700">
              <Trans>
                You are subscribed to this mentor.{" "}
                <Link
                  to="/mentees/subscribed-mentors"
                  className="text-indigo-700 underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  Manage subscription
                </Link>
              </Trans>
            </p>
            <ComingSoonButton>
              <Users aria-hidden="true" />
              <Trans>Community</Trans>
            </ComingSoonButton>
            <StartChatButton side="mentee" otherId={mentorId} variant="outline" />
            <Button asChild>
              <Link to="/mentees/schedules" search={{ mentorId }}>
                <CalendarDays aria-hidden="true" />
                <Trans>Schedule</Trans>
              </Link>
            </Button>
          </div>
        ) : viewerIsMentee ? (
          <div className="grid gap-2">
            <SubscribeButton mentorId={mentorId} />
            <IntroCallLink mentorId={mentorId} />
          </div>
        ) : (
          <Button asChild variant="outline">
            <Link to="/auth/login" search={{ ...LOGIN_SEARCH.mentee, redirect: pathname }}>
              <Trans>Sign in as a mentee to subscribe</Trans>
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** "Book a free intro call", offered until she has had it with this mentor (one per mentee and mentor, ADR 0013). */
function IntroCallLink({ mentorId }: { mentorId: string }) {
  const trpc = useTRPC();
  const schedule = useQuery(trpc.scheduling.mentorSchedule.queryOptions({ mentorId }, { trpc: { context: { role: "mentee" } } }));
  // Offered once known to be unused; if the check fails, the schedule page says whether it is.
  if (schedule.isPending || schedule.data?.trialUsed) return null;
  return (
    <Button asChild variant="outline">
      <Link to="/mentees/schedules" search={{ mentorId, trial: true }}>
        <Trans>Book a free intro call</Trans>
      </Link>
    </Button>
  );
}

/** Opens Stripe Checkout for this mentor (SPEC §4: 201 with a url, then the browser goes there). */
function SubscribeButton({ mentorId }: { mentorId: string }) {
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const checkout = useMutation(
    trpc.payments.createCheckout.mutationOptions({
      trpc: { context: { role: "mentee" } },
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        const answer = apiError(error);
        if (answer?.status === 409) toast.error(t`You are already subscribed to this Mentor`);
        else toast.error(t`Something went wrong`, { description: answer?.message ?? t`Please check your connection and try again.` });
      },
    }),
  );
  // Stays busy while the browser leaves for the checkout page.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <Button onClick={() => checkout.mutate({ mentorId })} disabled={busy} aria-busy={busy}>
      {busy ? <Trans>Opening secure checkout...</Trans> : <Trans>Subscribe</Trans>}
    </Button>
  );
}
