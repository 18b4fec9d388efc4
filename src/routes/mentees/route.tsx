import { msg } from "@lingui/core/macro";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { CalendarDays, House, MessagesSquare, Search } from "lucide-react";
import { rememberGuardedPath } from "@/accounts/guarded-path";
import { AreaLayout, type AreaNavItem } from "@/layout/area-layout";
import { LOGIN_SEARCH } from "@/platform/areas";
import { loadCatalog } from "@/platform/i18n";
import { areaHeaderReads, startReads } from "@/platform/route-prefetch";
import { hasRecord } from "@/platform/session";
import { ALL } from "@/search/browse";
import { MentorSearchBox } from "@/search/mentor-search-box";

const NAV: AreaNavItem[] = [
  { label: msg`Home`, to: "/mentees", icon: House },
  { label: msg`Browse Mentors`, to: "/mentees/browse/mentor/$search", params: { search: ALL }, icon: Search, short: msg`Browse` },
  { label: msg`Schedules`, to: "/mentees/schedules", icon: CalendarDays },
  { label: msg`Connect`, to: "/mentees/connect/inbox", unreadChat: true, icon: MessagesSquare },
];
const MENU: AreaNavItem[] = [
  { label: msg`Profile`, to: "/mentees/profile" },
  { label: msg`Booked Slots`, to: "/mentees/booked-slots" },
  { label: msg`Subscriptions`, to: "/mentees/subscribed-mentors" },
  { label: msg`Raise a Ticket`, to: "/mentees/tickets" },
  { label: msg`Notifications`, to: "/mentees/notifications" },
];

export const Route = createFileRoute("/mentees")({
  // SPEC §2: only the record's existence is checked.
  beforeLoad: ({ location, context }) => {
    if (!hasRecord("mentee") && context.signedIn !== "mentee") {
      // The exact sign-in URL of SPEC §2; the page asked for waits beside it.
      rememberGuardedPath(location.href);
      throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.mentee });
    }
  },
  // The area's messages, in the reader's language, arrive beside its code (ADR 0027); what its header reads on every
  // page (the bell, unread messages, the zone) starts at the same time.
  loader: ({ context }) => {
    startReads(context.reads, "mentee", areaHeaderReads);
    return loadCatalog("signed-in", "accounts", "mentee");
  },
  component: () => <AreaLayout role="mentee" nav={NAV} menu={MENU} search={<MentorSearchBox area="mentee" className="w-full" />} />,
});
