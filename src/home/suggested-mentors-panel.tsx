import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { formatRupees } from "@/platform/money";
import { SkillList } from "@/profiles/skill-list";
import { RatingSummary } from "@/reviews/rating-summary";
import { ALL, PROFILE_ROUTE } from "@/search/browse";
import { Avatar } from "@/ui/avatar";
import { HomePanel } from "./home-panel";
import type { MenteeHomeData, SuggestedMentor } from "./types";

const BASIS_TEXT: Record<MenteeHomeData["suggestions"]["basis"], MessageDescriptor> = {
  searches: msg`Based on your recent searches.`,
  subscriptions: msg`Based on the skills of mentors you subscribe to.`,
  rating: msg`Top-rated mentors to get you started.`,
};

function Suggestion({ mentor }: { mentor: SuggestedMentor }) {
  const name = `${mentor.firstName} ${mentor.lastName}`;
  const rate = formatRupees(mentor.hourlyRatePaise);
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-4">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={mentor.profileImageUrl} name={name} className="size-12" />
        <div className="grid min-w-0">
          <Link
            to={PROFILE_ROUTE.mentee}
            params={{ id: mentor.id }}
            className="truncate font-semibold text-slate-900 underline-offset-4 hover:underline"
          >
            {name}
          </Link>
          <span className="truncate text-sm text-slate-600">
            {mentor.jobTitle}@ {mentor.firmName}
          </span>
        </div>
      </div>
      {mentor.skills.length ? <SkillList skills={mentor.skills.slice(0, 3)} size="sm" /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <RatingSummary rating={mentor.rating} reviewCount={mentor.reviewCount} />
        <span className="text-slate-700">
          <Trans>{rate}/h</Trans>
        </span>
      </div>
    </li>
  );
}

/** Mentors suggested from her recent searches or her subscriptions' skills (else the best rated). */
export function SuggestedMentorsPanel({ home }: { home: MenteeHomeData }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const { basis, mentors } = home.suggestions;
  return (
    <HomePanel
      id="home-suggested"
      title={t`Mentors for you`}
      action={
        <Link
          to="/mentees/browse/mentor/$search"
          params={{ search: ALL }}
          className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          <Trans>Browse all mentors</Trans>
        </Link>
      }
    >
      {mentors.length ? (
        <>
          <p className="text-sm text-slate-600">{i18n._(BASIS_TEXT[basis])}</p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {mentors.map((m) => (
              <Suggestion key={m.id} mentor={m} />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-slate-600">
          <Trans>No suggestions yet. Search for a skill to see mentors who teach it.</Trans>
        </p>
      )}
    </HomePanel>
  );
}
