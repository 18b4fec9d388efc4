import { createFileRoute, redirect } from "@tanstack/react-router";
import { AreaLayout } from "@/components/area-layout";
import { LOGIN_SEARCH } from "@/lib/areas";
import { hasRecord } from "@/lib/session";

const NAV = [
  { label: "Home", to: "/mentees" },
  { label: "Browse Mentors" },
  { label: "Schedules" },
  { label: "Connect" },
] as const;
const MENU = ["Profile", "Booked Slots", "Subscriptions", "Raise a Ticket"];

export const Route = createFileRoute("/mentees")({
  // SPEC §2: only the record's existence is checked.
  beforeLoad: () => {
    if (!hasRecord("mentee")) throw redirect({ to: "/auth/login", search: LOGIN_SEARCH.mentee });
  },
  component: () => <AreaLayout role="mentee" nav={NAV} menu={MENU} />,
});
