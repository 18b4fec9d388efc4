import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BellRing } from "lucide-react";
import type { DeviceState, usePushDevice } from "@/notifications/use-push-device";
import { PushRefused } from "@/notifications/web-push";
import { toast } from "@/ui/toast";
import type { Role } from "../../shared/role";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";

/**
 * "This device" on the notification settings (ADR 0027): whether this browser gets her pushes, turning
 * them on (the browser's prompt is asked only from this click) or off, and how to unblock them.
 */

const STATE_TEXT: Record<Exclude<DeviceState, "loading">, MessageDescriptor> = {
  on: msg`Push notifications are on for this device.`,
  off: msg`Push notifications are off for this device.`,
  blocked: msg`Your browser blocks notifications from MentorLink on this device.`,
  unsupported: msg`This browser cannot receive push notifications. Try a current Chrome, Edge, Firefox or Safari (on iPhone and iPad, after adding MentorLink to the home screen).`,
};

export function PushThisDevice({ role, device }: { role: Role; device: ReturnType<typeof usePushDevice> }) {
  const { t, i18n } = useLingui();
  const { state, turnOn, turnOff, config } = device;
  const busy = turnOn.isPending || turnOff.isPending;
  const on = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => toast.success(t`Push notifications are on for this device`),
      onError: (error) =>
        error instanceof PushRefused
          ? toast.error(t`Notifications were not allowed`)
          : toast.error(t`Push notifications could not be turned on`),
    });
  const off = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => toast.success(t`Push notifications are off for this device`),
      onError: () => toast.error(t`Something went wrong`),
    });
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <BellRing aria-hidden="true" className="size-5 text-indigo-600" />
          <Trans>This device</Trans>
        </h2>
        <CardDescription>
          {role === "mentee"
            ? t`Reminders before your sessions and your mentors' replies, on this phone or computer.`
            : t`What you choose below, on this phone or computer.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p role="status" className="text-sm text-slate-800" data-testid="push-state" data-state={state}>
          {state === "loading" ? t`Checking this device…` : i18n._(STATE_TEXT[state])}
        </p>
        {state === "blocked" ? (
          <p className="text-sm text-slate-600">
            <Trans>
              To allow them: open this site's settings (the icon at the left of the address bar, or your browser's settings for this site),
              set Notifications to Allow, then reload this page and choose Turn on.
            </Trans>
          </p>
        ) : null}
        {state === "off" ? (
          <Button className="justify-self-start" disabled={busy} onClick={on}>
            <Trans>Turn on</Trans>
          </Button>
        ) : null}
        {state === "on" ? (
          <Button variant="outline" className="justify-self-start" disabled={busy} onClick={off}>
            <Trans>Turn off</Trans>
          </Button>
        ) : null}
        {config?.service === "development" && config.serviceUrl && state !== "unsupported" ? (
          <p className="text-xs text-slate-500">
            <Trans>
              Development: pushes go to the local push service, listed at{" "}
              <a className="text-indigo-700 underline" href={config.serviceUrl}>
                /dev/push
              </a>
              ; an open MentorLink tab hands them to this browser, which shows them as notifications.
            </Trans>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
