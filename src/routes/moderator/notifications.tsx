import { createFileRoute } from "@tanstack/react-router";
import { NotificationSettings } from "@/notifications/notification-settings";

/** What each channel sends her and this device's push (ADR 0027). */
export const Route = createFileRoute("/moderator/notifications")({
  component: () => <NotificationSettings role="moderator" />,
});
