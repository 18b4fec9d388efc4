import { createFileRoute, redirect } from "@tanstack/react-router";
import { CalendarDays, House, LifeBuoy, MessagesSquare, Wallet } from "lucide-react";
import { AreaLayout, type AreaNavItem } from "@/components/area-layout";
import { LOGIN_SEARCH } from "@/lib/areas";
import { rememberGuardedPath } from "@/lib/guarded-path";
import { isAuthenticated } from "@/lib/session";

const NAV: AreaNavItem[] = [
  { label: "Home", to: "/mentors", icon: House },
  { label: "Scheduler", to: "/mentors/scheduler", icon: CalendarDays },
  { label: "Connect", to: "/mentors/connect/inbox", unreadChat: true, icon: MessagesSquare },
  { label: "Earnings", to: "/mentors/earnings", icon: Wallet },
  { label: "Raise a ticket", to: "/mentors/tickets", icon: LifeBuoy, short: "Help" },
];
const MENU: AreaNavItem[] = [{ label: "Profile", to: "/mentors/profile" }, { label: "Mentees List", to: "/mentors/subscribed-mentees" }, { label: "Tickets", to: "/mentors/tickets" }];

export const Route = createFileRoute("/mentors")({
  beforeLoad: ({ location }) => {
    if (!isAuthenticated("mentor")) {
      // The exact sign-in URL of SPEC §2; the page asked for waits beside it (issue 23).
      rememberGuardedPath(location.href);
      throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.mentor });
    }
  },
  component: () => <AreaLayout role="mentor" nav={NAV} menu={MENU} />,
});
