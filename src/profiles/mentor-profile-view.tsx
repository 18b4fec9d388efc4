import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Briefcase, Globe, GraduationCap, Linkedin, MapPin, Twitter } from "lucide-react";
import { lazy, Suspense } from "react";
import { apiError } from "@/platform/api-error";
import { hasRecord } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import type { BrowseArea } from "@/search/browse";
import { MentorPlanPanel } from "../payments/mentor-plan-panel";
import { MentorReviews } from "../reviews/mentor-reviews";
import { NextFree } from "../search/next-free";
import { Avatar } from "../ui/avatar";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { MentorResponsiveness } from "./mentor-responsiveness";
import { MentorUnavailable } from "./mentor-unavailable";
import { SkillList } from "./skill-list";

/** SPEC §2: the profile shows the first four skills. */
const PROFILE_SKILLS = 4;

/** Only a signed-in mentee can review: visitors never load the form and its validation. */
const ReviewForm = lazy(() => import("../reviews/review-form").then((m) => ({ default: m.ReviewForm })));

/**
 * A mentor's profile page (SPEC §2): header card, About, skills, plan and price with the rating,
 * the subscriber's actions or "Subscribe Now", and "What Mentees Say". A signed-in mentee's token
 * is sent so the server can tell whether she is subscribed.
 */
export function MentorProfileView({ mentorId, area }: { mentorId: string; area: BrowseArea }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const viewerIsMentee = hasRecord("mentee");
  const profile = useQuery(
    trpc.mentors.profile.queryOptions({ mentorId }, viewerIsMentee ? { trpc: { context: { role: "mentee" } } } : {}),
  );

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    const answer = apiError(profile.error);
    if (answer?.status === 404 || answer?.status === 400) return <MentorUnavailable area={area} message={answer.message} />;
    return <LoadError what={t`this profile`} align="center" className="mx-auto max-w-xl py-12" onRetry={() => void profile.refetch()} />;
  }

  const { mentor, isEnrollmentActive } = profile.data;
  const fullName = `${mentor.firstName} ${mentor.lastName}`;
  const links = [
    { href: mentor.website, label: t`Website`, icon: Globe },
    { href: mentor.linkedInUrl, label: "LinkedIn", icon: Linkedin },
    { href: mentor.twitterUrl, label: "Twitter", icon: Twitter },
  ].filter((link): link is { href: string; label: string; icon: typeof Globe } => Boolean(link.href));

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      {/* Below lg the column's cards join the page's one column, and the plan comes right after the
          header card: Subscribe is reachable on a phone without scrolling past About and the reviews. */}
      <div className="contents lg:grid lg:content-start lg:gap-6">
        <Card className="order-first lg:order-none">
          <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center">
            <Avatar src={mentor.profileImageUrl} name={fullName} className="size-24 text-2xl" />
            <div className="grid min-w-0 gap-1">
              <h1 className="text-2xl font-bold text-slate-900">{fullName}</h1>
              <p className="flex items-center gap-1.5 text-slate-700">
                <Briefcase aria-hidden="true" className="size-4 shrink-0" />
                {mentor.jobTitle}@ {mentor.firmName}
              </p>
              {mentor.location ? (
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  {mentor.location}
                </p>
              ) : null}
              <MentorResponsiveness typicalReplyMinutes={mentor.typicalReplyMinutes} lastActiveDaysAgo={mentor.lastActiveDaysAgo} />
              <NextFree at={mentor.nextFreeAt} />
              {mentor.shortBio ? <p className="text-sm text-slate-600">{mentor.shortBio}</p> : null}
              {links.length ? (
                <ul aria-label={t`Links`} className="mt-1 flex flex-wrap gap-3">
                  {links.map(({ href, label, icon: Icon }) => (
                    <li key={label}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="inline-flex items-center gap-1 text-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      >
                        <Icon aria-hidden="true" className="size-4" />
                        {label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>About</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="whitespace-pre-line break-words text-slate-800">{mentor.bio}</p>
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <GraduationCap aria-hidden="true" className="size-4 shrink-0" />
              {mentor.educationalQualification}
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Skills</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {mentor.skills.length ? (
              <SkillList skills={mentor.skills.slice(0, PROFILE_SKILLS)} size="md" />
            ) : (
              <p className="text-slate-600">
                <Trans>No skills listed yet.</Trans>
              </p>
            )}
          </CardContent>
        </Card>

        {viewerIsMentee ? (
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <ReviewForm mentorId={mentorId} />
          </Suspense>
        ) : null}
        <MentorReviews mentorId={mentorId} />
      </div>

      <div className="-order-1 min-w-0 lg:order-none">
        <MentorPlanPanel
          mentorId={mentorId}
          hourlyRatePaise={mentor.hourlyRatePaise}
          rating={mentor.rating}
          reviewCount={mentor.reviewCount}
          viewerIsMentee={viewerIsMentee}
          isEnrollmentActive={isEnrollmentActive}
        />
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading profile`} className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-6">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
