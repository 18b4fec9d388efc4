import { Star } from "lucide-react";
import type { MentorCard as MentorCardData } from "../../worker/services/mentor-directory";
import { Button } from "./ui/button";
import { Card } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

const DEFAULT_SHORT_BIO = "6+ years of experience in tech, business and product";
const CARD_SKILLS = 3;

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** A mentor in a list: photo, name, role, short bio, first skills, rating, and a link to the profile. */
export function MentorCard({ mentor, index }: { mentor: MentorCardData; index: number }) {
  const fullName = `${mentor.firstName} ${mentor.lastName}`;
  const headingId = `mentor-${mentor.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex w-full animate-card-enter flex-col gap-3 p-5"
      style={{ animationDelay: `${0.25 * index}s` }}
    >
      <div className="flex items-center gap-3">
        {mentor.profileImageUrl ? (
          <img src={mentor.profileImageUrl} alt={`Photo of ${fullName}`} className="size-14 shrink-0 rounded-full object-cover" loading="lazy" />
        ) : (
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-semibold text-indigo-700">
            {initials(mentor.firstName, mentor.lastName)}
          </span>
        )}
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {fullName}
          </h3>
          <p className="truncate text-sm text-slate-600">
            {mentor.jobTitle}@ {mentor.firmName}
          </p>
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-slate-700">{mentor.shortBio || DEFAULT_SHORT_BIO}</p>
      {mentor.skills.length ? (
        <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
          {mentor.skills.slice(0, CARD_SKILLS).map((skill) => (
            <li key={skill} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-2 pt-1">
        {mentor.rating !== null ? (
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            <span>
              <span className="font-semibold">{mentor.rating.toFixed(1)}</span>
              <span className="sr-only"> out of 5,</span> ({mentor.reviewCount} {mentor.reviewCount === 1 ? "review" : "reviews"})
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-500">No reviews yet</p>
        )}
        <Button asChild size="sm" variant="outline">
          {/* The profile route arrives with the mentor profile page; a plain link until then. */}
          <a href={`/browse/mentor/profile/${mentor.id}`} aria-label={`Profile of ${fullName}`}>
            Profile
          </a>
        </Button>
      </div>
    </Card>
  );
}

export function MentorCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-14 rounded-full" />
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
