import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { UserRound } from "lucide-react";
import { Button } from "@/ui/button";
import type { MenteeHomeData } from "./types";

const MISSING_TEXT: Record<MenteeHomeData["profileMissing"][number], MessageDescriptor> = {
  photo: msg`a photo`,
  about: msg`a few lines about you`,
  timeZone: msg`your time zone`,
};

/** "Complete your profile" while her profile lacks a photo, an About text or a time zone. */
export function ProfilePrompt({ missing }: { missing: MenteeHomeData["profileMissing"] }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  if (!missing.length) return null;
  const list = missing.map((m) => i18n._(MISSING_TEXT[m]));
  const rest = list.slice(0, -1).join(", ");
  const last = list[list.length - 1];
  const text = list.length === 1 ? list[0] : t`${rest} and ${last}`;
  return (
    <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
      <p className="flex items-center gap-2 text-indigo-950">
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <Trans>Complete your profile: add {text}, so mentors know who they are meeting.</Trans>
      </p>
      <Button asChild size="sm" variant="outline">
        <Link to="/mentees/profile">
          <Trans>Complete profile</Trans>
        </Link>
      </Button>
    </div>
  );
}
