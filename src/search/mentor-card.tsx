import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { MentorCardData } from "@/platform/api-types";
import { formatRupees } from "@/platform/money";
import { useResponsivenessWords } from "@/profiles/responsiveness-words";
import { type BrowseArea, PROFILE_ROUTE } from "@/search/browse";
import { NextFree } from "@/search/next-free";
import { CALLS_PER_MONTH, monthlyPricePaise } from "../../shared/plan";
import { MIN_REPLIES_SHOWN } from "../../shared/reply-time";
import { SkillList } from "../profiles/skill-list";
import { RatingSummary } from "../reviews/rating-summary";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Skeleton } from "../ui/skeleton";

const DEFAULT_SHORT_BIO = msg`6+ years of experience in tech, business and product`;
const CARD_SKILLS = 3;
/** Cards enter 0.25 s apart (SPEC §2); from the ninth on they share the last delay so long lists don't wait. */
const ENTRANCE_STEP_S = 0.25;
const MAX_STAGGERED = 8;

/** A mentor in a list: photo, name, role, price per hour and per month, short bio, first skills, rating, and a link to the profile. */
export function MentorCard({ mentor, index, area }: { mentor: MentorCardData; index: number; area: BrowseArea }) {
  const { i18n } = useLingui();
  const words = useResponsivenessWords();
  const { t } = useLinguiMacro();
  const fullName = `${mentor.firstName} ${mentor.lastName}`;
  const hourly = formatRupees(mentor.hourlyRatePaise);
  const monthly = formatRupees(monthlyPricePaise(mentor.hourlyRatePaise));
  const headingId = `mentor-${mentor.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex w-full animate-card-enter flex-col gap-3 p-5"
      style={{ animationDelay: `${ENTRANCE_STEP_S * Math.min(index, MAX_STAGGERED)}s` }}
    >
      <div className="flex items-center gap-3">
        <Avatar src={mentor.profileImageUrl} name={fullName} className="size-14 text-lg" />
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {fullName}
          </h3>
          <p className="truncate text-sm text-slate-600">
            {mentor.jobTitle}@ {mentor.firmName}
          </p>
        </div>
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-600" data-testid="mentor-card-price">
        <span>
          <Trans>
            <span className="text-base font-semibold text-slate-900">{hourly}</span>/hour
          </Trans>
        </span>
        <span aria-hidden="true">·</span>
        <span title={t`${CALLS_PER_MONTH} one-hour calls a month`}>
          <Trans>{monthly}/month plan</Trans>
        </span>
      </p>
      {/* Like the profile (ADR 0026): only a reply time drawn from enough replies. */}
      {typeof mentor.typicalReplyMinutes === "number" && (mentor.replyCount ?? 0) >= MIN_REPLIES_SHOWN ? (
        <p className="-mt-2 text-xs text-slate-500">{words.replyTime(mentor.typicalReplyMinutes)}</p>
      ) : null}
      <NextFree at={mentor.nextFreeAt} className="-mt-1 text-xs" />
      <p className="line-clamp-2 text-sm text-slate-700">{mentor.shortBio || i18n._(DEFAULT_SHORT_BIO)}</p>
      {mentor.skills.length ? <SkillList skills={mentor.skills.slice(0, CARD_SKILLS)} size="sm" /> : null}
      <div className="mt-auto flex items-center justify-between gap-2 pt-1">
        <RatingSummary rating={mentor.rating} reviewCount={mentor.reviewCount} />
        <Button asChild size="sm" variant="outline">
          <Link to={PROFILE_ROUTE[area]} params={{ id: mentor.id }} aria-label={t`Profile of ${fullName}`}>
            <Trans>Profile</Trans>
          </Link>
        </Button>
      </div>
    </Card>
  );
}

export function MentorCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="mentor-card-skeleton" className="flex flex-col gap-3 p-5">
      <div className="flex items-center gap-3">
        <Skeleton round className="size-14" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-4/5" />
      <Skeleton className="h-8 w-24 self-end" />
    </Card>
  );
}
