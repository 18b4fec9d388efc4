import { createFileRoute, redirect } from "@tanstack/react-router";
import { AreaLayout } from "@/components/area-layout";
import { LOGIN_SEARCH } from "@/lib/areas";
import { isAuthenticated } from "@/lib/session";

const NAV = [
  { label: "Home", to: "/moderator" },
  { label: "Tickets", to: "/moderator/tickets" },
  { label: "Mentees List", to: "/moderator/mentees-list" },
  { label: "Mentors List", to: "/moderator/mentors-list" },
  { label: "Mentor Applicants", to: "/moderator/mentor-applicants" },
  { label: "Audit Log", to: "/moderator/audit-log" },
] as const;

export const Route = createFileRoute("/moderator")({
  beforeLoad: () => {
    if (!isAuthenticated("moderator")) throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.moderator });
  },
  component: () => <AreaLayout role="moderator" nav={NAV} />,
});
