import { msg } from "@lingui/core/macro";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { GraduationCap, House, ScrollText, Ticket, UserPlus, Users } from "lucide-react";
import { rememberGuardedPath } from "@/accounts/guarded-path";
import { AreaLayout, type AreaNavItem } from "@/layout/area-layout";
import { LOGIN_SEARCH } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import { isAuthenticated } from "@/platform/session";

const NAV: AreaNavItem[] = [
  // Background work and account deletions are Home's own pages (linked from it): no room for more tabs at 360 px.
  { label: msg`Home`, to: "/moderator", icon: House, alsoCurrentOn: ["/moderator/background-work", "/moderator/deletions"] },
  { label: msg`Tickets`, to: "/moderator/tickets", icon: Ticket },
  { label: msg`Mentees List`, to: "/moderator/mentees-list", icon: Users, short: msg`Mentees` },
  { label: msg`Mentors List`, to: "/moderator/mentors-list", icon: GraduationCap, short: msg`Mentors` },
  { label: msg`Mentor Applicants`, to: "/moderator/mentor-applicants", icon: UserPlus, short: msg`Vetting` },
  { label: msg`Audit Log`, to: "/moderator/audit-log", icon: ScrollText, short: msg`Audit` },
];

export const Route = createFileRoute("/moderator")({
  beforeLoad: ({ location, context }) => {
    if (!isAuthenticated("moderator") && context.signedIn !== "moderator") {
      // The exact sign-in URL of SPEC §2; the page asked for waits beside it.
      rememberGuardedPath(location.href);
      throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.moderator });
    }
  },
  // The area's messages, in the reader's language, arrive beside its code (ADR 0027).
  loader: () => loadCatalog("signed-in", "accounts", "moderator"),
  component: () => <AreaLayout role="moderator" nav={NAV} />,
});
