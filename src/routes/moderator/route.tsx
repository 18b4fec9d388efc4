import { createFileRoute, redirect } from "@tanstack/react-router";
import { GraduationCap, House, ScrollText, Ticket, UserPlus, Users } from "lucide-react";
import { AreaLayout, type AreaNavItem } from "@/components/area-layout";
import { LOGIN_SEARCH } from "@/lib/areas";
import { rememberGuardedPath } from "@/lib/guarded-path";
import { isAuthenticated } from "@/lib/session";

const NAV: AreaNavItem[] = [
  { label: "Home", to: "/moderator", icon: House },
  { label: "Tickets", to: "/moderator/tickets", icon: Ticket },
  { label: "Mentees List", to: "/moderator/mentees-list", icon: Users, short: "Mentees" },
  { label: "Mentors List", to: "/moderator/mentors-list", icon: GraduationCap, short: "Mentors" },
  { label: "Mentor Applicants", to: "/moderator/mentor-applicants", icon: UserPlus, short: "Vetting" },
  { label: "Audit Log", to: "/moderator/audit-log", icon: ScrollText, short: "Audit" },
];

export const Route = createFileRoute("/moderator")({
  beforeLoad: ({ location }) => {
    if (!isAuthenticated("moderator")) {
      // The exact sign-in URL of SPEC §2; the page asked for waits beside it (issue 23).
      rememberGuardedPath(location.href);
      throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.moderator });
    }
  },
  component: () => <AreaLayout role="moderator" nav={NAV} />,
});
