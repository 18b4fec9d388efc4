import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BellRing, Laptop } from "lucide-react";
import { useId } from "react";
import { CHANNELS, kindsOf, ruleOf, type Channel, type NoticeKind, type Preferences } from "../../shared/notification-kinds";
import type { Role } from "../../shared/role";
import { fromNow } from "@/lib/dates";
import { toast } from "@/lib/toast";
import { useTRPC } from "@/lib/trpc";
import { usePushDevice, type DeviceState } from "@/lib/use-push-device";
import { PushRefused } from "@/lib/web-push";
import { LoadError } from "./load-error";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

/**
 * `/mentees/notifications`, `/mentors/notifications`, `/moderator/notifications` (issue 27): what each
 * channel (in the app, e-mail, push to devices) sends her, kind by kind, with a switch for each that
 * may change; this device's push (on, off, blocked by the browser and how to unblock it); and her
 * devices with push on, each removable.
 */

/** Each kind's name and what it covers for each role (`null`: the role never gets that kind), in the reader's language. */
const KINDS: Record<NoticeKind, { label: MessageDescriptor; what: Record<Role, MessageDescriptor | null> }> = {
  reminder: {
    label: msg`Session reminders`,
    what: {
      mentee: msg`24 hours and 1 hour before each session you booked.`,
      mentor: msg`24 hours and 1 hour before each booked session.`,
      moderator: null,
    },
  },
  message: {
    label: msg`New messages`,
    what: {
      mentee: msg`A new message from a mentor in Connect.`,
      mentor: msg`A new message from a mentee in Connect, and a reminder (by e-mail too) when one has waited 3 days for your reply.`,
      moderator: null,
    },
  },
  booking: {
    label: msg`Bookings and sessions`,
    what: {
      mentee: msg`A session cancelled or released, a request to reschedule, a slot held for you from a waitlist, a session's outcome and its notes.`,
      mentor: msg`A mentee booked, moved or cancelled a session or changed its agenda, a session's outcome and comments on its notes.`,
      moderator: null,
    },
  },
  moderation: {
    label: msg`Moderation outcomes`,
    what: {
      mentee: msg`A moderator's decision on a dispute about one of your sessions.`,
      mentor: msg`A moderator's decision on a dispute about one of your sessions.`,
      moderator: null,
    },
  },
  account: {
    label: msg`Account and payments`,
    what: {
      mentee: msg`A new sign-in to your account, and your subscription's payments. Security and payment e-mails are always sent.`,
      mentor: msg`A new sign-in to your account, your subscribers' payments and your payouts. Security and payment e-mails are always sent.`,
      moderator: msg`A new sign-in to your account.`,
    },
  },
};

const CHANNEL_NAMES: Record<Channel, MessageDescriptor> = { inApp: msg`In the app`, email: msg`E-mail`, push: msg`Push` };

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
      <ThisDevice role={role} device={device} />
      {overview.isError ? (
        <LoadError what={t`your notification settings`} onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Skeleton role="status" aria-label={t`Loading your notification settings`} className="h-64 w-full" />
      ) : (
        <>
          <Channels role={role} preferences={overview.data.preferences} />
          <Devices role={role} devices={overview.data.devices} />
        </>
      )}
    </section>
  );
}

const STATE_TEXT: Record<Exclude<DeviceState, "loading">, MessageDescriptor> = {
  on: msg`Push notifications are on for this device.`,
  off: msg`Push notifications are off for this device.`,
  blocked: msg`Your browser blocks notifications from MentorLink on this device.`,
  unsupported: msg`This browser cannot receive push notifications. Try a current Chrome, Edge, Firefox or Safari (on iPhone and iPad, after adding MentorLink to the home screen).`,
};

function ThisDevice({ role, device }: { role: Role; device: ReturnType<typeof usePushDevice> }) {
  const { t, i18n } = useLingui();
  const { state, turnOn, turnOff, config } = device;
  const busy = turnOn.isPending || turnOff.isPending;
  const on = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => toast.success(t`Push notifications are on for this device`),
      onError: (error) => (error instanceof PushRefused ? toast.error(t`Notifications were not allowed`) : toast.error(t`Push notifications could not be turned on`)),
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
          {role === "mentee" ? t`Reminders before your sessions and your mentors' replies, on this phone or computer.` : t`What you choose below, on this phone or computer.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p role="status" className="text-sm text-slate-800" data-testid="push-state" data-state={state}>
          {state === "loading" ? t`Checking this device…` : i18n._(STATE_TEXT[state])}
        </p>
        {state === "blocked" ? (
          <p className="text-sm text-slate-600">
            <Trans>
              To allow them: open this site's settings (the icon at the left of the address bar, or your browser's settings for this site), set Notifications to Allow, then reload
              this page and choose Turn on.
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
        {config?.service === "development" && state !== "unsupported" ? (
          <p className="text-xs text-slate-500">
            <Trans>
              Development: pushes go to the local push service, listed at{" "}
              <a className="text-indigo-700 underline" href="/dev/push">
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

function Channels({ role, preferences }: { role: Role; preferences: Preferences }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>What we send, and how</Trans>
        </h2>
        <CardDescription>
          <Trans>Every switch is on until you turn it off. Turning off in the app hides those notices from your bell; nothing is deleted.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {kindsOf(role).map((kind) => (
          <KindChannels key={kind} role={role} kind={kind} choice={preferences[kind]} />
        ))}
      </CardContent>
    </Card>
  );
}

function KindChannels({ role, kind, choice }: { role: Role; kind: NoticeKind; choice: Preferences[NoticeKind] }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const kindLabel = i18n._(KINDS[kind].label);
  const what = KINDS[kind].what[role];
  const set = useMutation(
    trpc.notificationSettings.setChannel.mutationOptions({
      trpc: { context: { role } },
      onSuccess: () => queryClient.invalidateQueries(trpc.notificationSettings.pathFilter()),
      onError: () => toast.error(t`Your choice could not be saved`),
    }),
  );
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-4" aria-describedby={`${id}-what`}>
      <legend className="px-1 font-semibold text-slate-900">{kindLabel}</legend>
      <p id={`${id}-what`} className="text-sm text-slate-600">
        {what ? i18n._(what) : null}
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {CHANNELS.map((channel) => {
          const rule = ruleOf(role, kind, channel);
          const name = i18n._(CHANNEL_NAMES[channel]);
          if (rule === "none")
            return (
              <li key={channel} className="text-sm text-slate-500">
                {t`${name}: not sent`}
              </li>
            );
          const inputId = `${id}-${channel}`;
          const lowerLabel = kindLabel.toLowerCase();
          return (
            <li key={channel} className="flex items-center gap-2">
              <input
                id={inputId}
                type="checkbox"
                role="switch"
                className="size-4 accent-indigo-600"
                checked={choice[channel]}
                disabled={rule === "always" || set.isPending}
                onChange={(e) => set.mutate({ kind, channel, on: e.target.checked })}
              />
              <label htmlFor={inputId} className="text-sm text-slate-800">
                {name}
                {rule === "always" ? <span className="text-slate-500"> {t`(always)`}</span> : null}
                <span className="sr-only"> {t`for ${lowerLabel}`}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

type Device = { id: string; label: string; createdAt: string; lastSuccessAt: string | null; thisDevice: boolean };

function Devices({ role, devices }: { role: Role; devices: Device[] }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.notificationSettings.removeDevice.mutationOptions({
      trpc: { context: { role } },
      onSuccess: () => {
        toast.success(t`Device removed`);
        return queryClient.invalidateQueries(trpc.notificationSettings.pathFilter());
      },
      onError: () => toast.error(t`The device could not be removed`),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>Devices with push on</Trans>
        </h2>
        <CardDescription>
          <Trans>Each browser where you turned push on. Signing out there turns it off.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {devices.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No devices yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2">
            {devices.map((d) => {
              const label = d.label;
              const added = fromNow(d.createdAt);
              const lastPush = d.lastSuccessAt ? fromNow(d.lastSuccessAt) : null;
              return (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <Laptop aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                    <span className="grid min-w-0">
                      <span className="text-sm font-medium text-slate-900">
                        {label}
                        {d.thisDevice ? (
                          <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
                            <Trans>This device</Trans>
                          </span>
                        ) : null}
                      </span>
                      <span className="text-xs text-slate-500">
                        {t`Added ${added}`}
                        {lastPush ? ` · ${t`last push ${lastPush}`}` : ""}
                      </span>
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={d.thisDevice ? t`Remove ${label} (this device)` : t`Remove ${label}`}
                    onClick={() => remove.mutate({ id: d.id })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
