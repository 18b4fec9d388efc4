import { createFileRoute, redirect } from "@tanstack/react-router";
import { AreaLayout } from "@/components/area-layout";
import { LOGIN_SEARCH } from "@/lib/areas";
import { isAuthenticated } from "@/lib/session";

const NAV = [
  { label: "Home", to: "/moderator" },
  { label: "Tickets" },
  { label: "Mentees List" },
  { label: "Mentors List" },
  { label: "Mentor Applicants" },
] as const;

export const Route = createFileRoute("/moderator")({
  beforeLoad: () => {
    if (!isAuthenticated("moderator")) throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.moderator });
  },
  component: () => <AreaLayout role="moderator" nav={NAV} />,
});
