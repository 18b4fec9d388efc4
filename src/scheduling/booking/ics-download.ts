import { t } from "@lingui/core/macro";
import { useAuthFetch } from "@/platform/auth-fetch";
import { toast } from "@/ui/toast";

/** "Add to calendar": downloads a booking's .ics (same UID and a higher SEQUENCE after a move, so calendars update the one event). */
export function useIcsDownload() {
  const authFetch = useAuthFetch();
  return async (booking: { id: string; start: string }) => {
    try {
      const response = await authFetch("mentee", `/api/calendar/booking/${booking.id}.ics`);
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = `mentorlink-session-${booking.start.slice(0, 10)}.ics`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      toast.error(t`Something went wrong`, { description: t`The calendar file could not be downloaded.` });
    }
  };
}
