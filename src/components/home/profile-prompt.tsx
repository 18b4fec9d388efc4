import { Link } from "@tanstack/react-router";
import { UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { MenteeHomeData } from "./types";

const MISSING_TEXT: Record<MenteeHomeData["profileMissing"][number], string> = { photo: "a photo", about: "a few lines about you", timeZone: "your time zone" };

/** "Complete your profile" while her profile lacks a photo, an About text or a time zone. */
export function ProfilePrompt({ missing }: { missing: MenteeHomeData["profileMissing"] }) {
  if (!missing.length) return null;
  const list = missing.map((m) => MISSING_TEXT[m]);
  const text = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
  return (
    <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
      <p className="flex items-center gap-2 text-indigo-950">
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        Complete your profile: add {text}, so mentors know who they are meeting.
      </p>
      <Button asChild size="sm" variant="outline">
        <Link to="/mentees/profile">Complete profile</Link>
      </Button>
    </div>
  );
}
