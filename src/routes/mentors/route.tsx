import { msg } from "@lingui/core/macro";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { CalendarDays, House, LifeBuoy, MessagesSquare, Wallet } from "lucide-react";
import { rememberGuardedPath } from "@/accounts/guarded-path";
import { AreaLayout, type AreaNavItem } from "@/layout/area-layout";
import { LOGIN_SEARCH } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import { areaHeaderReads, startReads } from "@/platform/route-prefetch";
import { isAuthenticated } from "@/platform/session";

const NAV: AreaNavItem[] = [
  { label: msg`Home`, to: "/mentors", icon: House },
  { label: msg`Scheduler`, to: "/mentors/scheduler", icon: CalendarDays },
  { label: msg`Connect`, to: "/mentors/connect/inbox", unreadChat: true, icon: MessagesSquare },
  { label: msg`Earnings`, to: "/mentors/earnings", icon: Wallet },
  { label: msg`Raise a ticket`, to: "/mentors/tickets", icon: LifeBuoy, short: msg`Help` },
];
const MENU: AreaNavItem[] = [
  { label: msg`Profile`, to: "/mentors/profile" },
  { label: msg`Mentees List`, to: "/mentors/subscribed-mentees" },
  { label: msg`Tickets`, to: "/mentors/tickets" },
  { label: msg`Notifications`, to: "/mentors/notifications" },
];

export const Route = createFileRoute("/mentors")({
  beforeLoad: ({ location, context }) => {
    if (!isAuthenticated("mentor") && context.signedIn !== "mentor") {
      // The exact sign-in URL of SPEC §2; the page asked for waits beside it.
      rememberGuardedPath(location.href);
      throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.mentor });
    }
  },
  // The area's messages, in the reader's language, arrive beside its code (ADR 0027); what its header reads on every
  // page (the bell, unread messages, the zone) starts at the same time.
  loader: ({ context }) => {
    startReads(context.reads, "mentor", areaHeaderReads);
    return loadCatalog("signed-in", "accounts", "mentor");
  },
  component: () => <AreaLayout role="mentor" nav={NAV} menu={MENU} />,
});
