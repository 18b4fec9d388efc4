import { Trans, useLingui } from "@lingui/react/macro";
import { usePushDevice } from "@/notifications/use-push-device";
import type { Role } from "../../shared/role";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { NoticeChannels } from "./notice-channels";
import { PushDevices } from "./push-devices";
import { PushThisDevice } from "./push-this-device";

/**
 * `/mentees/notifications`, `/mentors/notifications`, `/moderator/notifications` (ADR 0027): what each
 * channel (in the app, e-mail, push to devices) sends her, kind by kind, with a switch for each that
 * may change; this device's push (on, off, blocked by the browser and how to unblock it); and her
 * devices with push on, each removable.
 */
export function NotificationSettings({ role }: { role: Role }) {
  const { t } = useLingui();
  const device = usePushDevice(role);
  const { overview } = device;
  return (
    <section aria-labelledby="notifications-title" className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 id="notifications-title" className="text-2xl font-bold text-slate-900">
          <Trans>Notifications</Trans>
        </h1>
        <p className="text-slate-600">
          {role === "moderator"
            ? t`MentorLink tells you about new sign-ins to your account. Choose whether they reach your devices.`
            : t`Choose how MentorLink tells you what happened: in the app (the bell and pop-ups while it is open), by e-mail, and by push notifications on your devices, even when MentorLink is closed.`}
        </p>
      </div>
      <PushThisDevice role={role} device={device} />
      {overview.isError ? (
        <LoadError what={t`your notification settings`} onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Skeleton role="status" aria-label={t`Loading your notification settings`} className="h-64 w-full" />
      ) : (
        <>
          <NoticeChannels role={role} preferences={overview.data.preferences} />
          <PushDevices role={role} devices={overview.data.devices} />
        </>
      )}
    </section>
  );
}
