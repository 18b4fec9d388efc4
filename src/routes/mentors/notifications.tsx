import { createFileRoute } from "@tanstack/react-router";
import { NotificationSettings } from "@/components/notification-settings";

/** What each channel sends her and this device's push (issue 27). */
export const Route = createFileRoute("/mentors/notifications")({
  component: () => <NotificationSettings role="mentor" />,
});
