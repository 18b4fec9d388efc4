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

const KINDS: Record<NoticeKind, { label: string; what: Record<Role, string> }> = {
  reminder: {
    label: "Session reminders",
    what: { mentee: "24 hours and 1 hour before each session you booked.", mentor: "24 hours and 1 hour before each booked session.", moderator: "" },
  },
  message: {
    label: "New messages",
    what: {
      mentee: "A new message from a mentor in Connect.",
      mentor: "A new message from a mentee in Connect, and a reminder (by e-mail too) when one has waited 3 days for your reply.",
      moderator: "",
    },
  },
  booking: {
    label: "Bookings and sessions",
    what: {
      mentee: "A session cancelled or released, a request to reschedule, a slot held for you from a waitlist, a session's outcome and its notes.",
      mentor: "A mentee booked, moved or cancelled a session or changed its agenda, a session's outcome and comments on its notes.",
      moderator: "",
    },
  },
  moderation: {
    label: "Moderation outcomes",
    what: { mentee: "A moderator's decision on a dispute about one of your sessions.", mentor: "A moderator's decision on a dispute about one of your sessions.", moderator: "" },
  },
  account: {
    label: "Account and payments",
    what: {
      mentee: "A new sign-in to your account, and your subscription's payments. Security and payment e-mails are always sent.",
      mentor: "A new sign-in to your account, your subscribers' payments and your payouts. Security and payment e-mails are always sent.",
      moderator: "A new sign-in to your account.",
    },
  },
};

const CHANNEL_NAMES: Record<Channel, string> = { inApp: "In the app", email: "E-mail", push: "Push" };

export function NotificationSettings({ role }: { role: Role }) {
  const device = usePushDevice(role);
  const { overview } = device;
  return (
    <section aria-labelledby="notifications-title" className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 id="notifications-title" className="text-2xl font-bold text-slate-900">
          Notifications
        </h1>
        <p className="text-slate-600">
          {role === "moderator"
            ? "MentorLink tells you about new sign-ins to your account. Choose whether they reach your devices."
            : "Choose how MentorLink tells you what happened: in the app (the bell and pop-ups while it is open), by e-mail, and by push notifications on your devices, even when MentorLink is closed."}
        </p>
      </div>
      <ThisDevice role={role} device={device} />
      {overview.isError ? (
        <LoadError what="your notification settings" onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Skeleton role="status" aria-label="Loading your notification settings" className="h-64 w-full" />
      ) : (
        <>
          <Channels role={role} preferences={overview.data.preferences} />
          <Devices role={role} devices={overview.data.devices} />
        </>
      )}
    </section>
  );
}

const STATE_TEXT: Record<Exclude<DeviceState, "loading">, string> = {
  on: "Push notifications are on for this device.",
  off: "Push notifications are off for this device.",
  blocked: "Your browser blocks notifications from MentorLink on this device.",
  unsupported: "This browser cannot receive push notifications. Try a current Chrome, Edge, Firefox or Safari (on iPhone and iPad, after adding MentorLink to the home screen).",
};

function ThisDevice({ role, device }: { role: Role; device: ReturnType<typeof usePushDevice> }) {
  const { state, turnOn, turnOff, config } = device;
  const busy = turnOn.isPending || turnOff.isPending;
  const on = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => toast.success("Push notifications are on for this device"),
      onError: (error) => (error instanceof PushRefused ? toast.error("Notifications were not allowed") : toast.error("Push notifications could not be turned on")),
    });
  const off = () => turnOff.mutate(undefined, { onSuccess: () => toast.success("Push notifications are off for this device"), onError: () => toast.error("Something went wrong") });
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <BellRing aria-hidden="true" className="size-5 text-indigo-600" />
          This device
        </h2>
        <CardDescription>
          {role === "mentee" ? "Reminders before your sessions and your mentors' replies, on this phone or computer." : "What you choose below, on this phone or computer."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p role="status" className="text-sm text-slate-800" data-testid="push-state" data-state={state}>
          {state === "loading" ? "Checking this device…" : STATE_TEXT[state]}
        </p>
        {state === "blocked" ? (
          <p className="text-sm text-slate-600">
            To allow them: open this site's settings (the icon at the left of the address bar, or your browser's settings for this site), set Notifications to Allow, then reload this
            page and choose Turn on.
          </p>
        ) : null}
        {state === "off" ? (
          <Button className="justify-self-start" disabled={busy} onClick={on}>
            Turn on
          </Button>
        ) : null}
        {state === "on" ? (
          <Button variant="outline" className="justify-self-start" disabled={busy} onClick={off}>
            Turn off
          </Button>
        ) : null}
        {config?.service === "development" && state !== "unsupported" ? (
          <p className="text-xs text-slate-500">
            Development: pushes go to the local push service, listed at <a className="text-indigo-700 underline" href="/dev/push">/dev/push</a>; an open MentorLink tab hands them to
            this browser, which shows them as notifications.
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
        <h2 className="text-lg font-semibold text-slate-900">What we send, and how</h2>
        <CardDescription>Every switch is on until you turn it off. Turning off in the app hides those notices from your bell; nothing is deleted.</CardDescription>
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const set = useMutation(
    trpc.notificationSettings.setChannel.mutationOptions({
      trpc: { context: { role } },
      onSuccess: () => queryClient.invalidateQueries(trpc.notificationSettings.pathFilter()),
      onError: () => toast.error("Your choice could not be saved"),
    }),
  );
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-4" aria-describedby={`${id}-what`}>
      <legend className="px-1 font-semibold text-slate-900">{KINDS[kind].label}</legend>
      <p id={`${id}-what`} className="text-sm text-slate-600">
        {KINDS[kind].what[role]}
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {CHANNELS.map((channel) => {
          const rule = ruleOf(role, kind, channel);
          const name = CHANNEL_NAMES[channel];
          if (rule === "none")
            return (
              <li key={channel} className="text-sm text-slate-500">
                {name}: not sent
              </li>
            );
          const inputId = `${id}-${channel}`;
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
                {rule === "always" ? <span className="text-slate-500"> (always)</span> : null}
                <span className="sr-only"> for {KINDS[kind].label.toLowerCase()}</span>
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.notificationSettings.removeDevice.mutationOptions({
      trpc: { context: { role } },
      onSuccess: () => {
        toast.success("Device removed");
        return queryClient.invalidateQueries(trpc.notificationSettings.pathFilter());
      },
      onError: () => toast.error("The device could not be removed"),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Devices with push on</h2>
        <CardDescription>Each browser where you turned push on. Signing out there turns it off.</CardDescription>
      </CardHeader>
      <CardContent>
        {devices.length === 0 ? (
          <p className="text-sm text-slate-600">No devices yet.</p>
        ) : (
          <ul className="grid gap-2">
            {devices.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Laptop aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                  <span className="grid min-w-0">
                    <span className="text-sm font-medium text-slate-900">
                      {d.label}
                      {d.thisDevice ? <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">This device</span> : null}
                    </span>
                    <span className="text-xs text-slate-500">
                      Added {fromNow(d.createdAt)}
                      {d.lastSuccessAt ? ` · last push ${fromNow(d.lastSuccessAt)}` : ""}
                    </span>
                  </span>
                </span>
                <Button variant="outline" size="sm" disabled={remove.isPending} aria-label={`Remove ${d.label}${d.thisDevice ? " (this device)" : ""}`} onClick={() => remove.mutate({ id: d.id })}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
