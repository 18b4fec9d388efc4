import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/platform/trpc";
import { cn } from "@/ui/class-names";
import { toast } from "@/ui/toast";
import { CHANNELS, type Channel, kindsOf, type NoticeKind, type Preferences, ruleOf } from "../../shared/notification-kinds";
import type { Role } from "../../shared/role";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";

/**
 * The notification settings' table (ADR 0027): each kind of notice the role gets, what it covers, and a
 * switch per channel (in the app, e-mail, push) where the choice is hers; "always" and "not sent" say so.
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

/**
 * A switch drawn on the native checkbox (so the keyboard, the form and screen readers treat it as one): a 44 by 24 px
 * track, its knob a white disc at the start when off and at the end when on.
 */
const SWITCH =
  "h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-500 bg-[radial-gradient(circle_at_12px_50%,#fff_9px,transparent_10px)] transition-colors checked:bg-indigo-600 checked:bg-[radial-gradient(circle_at_32px_50%,#fff_9px,transparent_10px)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-default disabled:opacity-50";

const CHANNEL_NAMES: Record<Channel, MessageDescriptor> = { inApp: msg`In the app`, email: msg`E-mail`, push: msg`Push` };

export function NoticeChannels({ role, preferences }: { role: Role; preferences: Preferences }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>What we send, and how</Trans>
        </h2>
        <CardDescription>
          <Trans>
            Every switch is on until you turn it off. Turning off in the app hides those notices from your bell; nothing is deleted.
          </Trans>
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
      {/* One row per channel, the whole row its switch's label: a 44 px touch target on a phone, the switch at its end. */}
      <ul className="divide-y divide-slate-100 sm:grid sm:grid-cols-3 sm:gap-2 sm:divide-y-0">
        {CHANNELS.map((channel) => {
          const rule = ruleOf(role, kind, channel);
          const name = i18n._(CHANNEL_NAMES[channel]);
          if (rule === "none")
            return (
              <li key={channel} className="flex min-h-11 items-center px-2 text-sm text-slate-500">
                {t`${name}: not sent`}
              </li>
            );
          const inputId = `${id}-${channel}`;
          const lowerLabel = kindLabel.toLowerCase();
          const locked = rule === "always";
          return (
            <li key={channel}>
              <label
                htmlFor={inputId}
                className={cn(
                  "flex min-h-11 items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm text-slate-800",
                  locked ? "cursor-default" : "cursor-pointer hover:bg-slate-50",
                )}
              >
                <span>
                  {name}
                  {locked ? <span className="text-slate-500"> {t`(always)`}</span> : null}
                  <span className="sr-only"> {t`for ${lowerLabel}`}</span>
                </span>
                <input
                  id={inputId}
                  type="checkbox"
                  // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is the switch's state (ARIA in HTML: no aria-checked on a checkbox)
                  role="switch"
                  className={SWITCH}
                  checked={choice[channel]}
                  disabled={locked || set.isPending}
                  onChange={(e) => set.mutate({ kind, channel, on: e.target.checked })}
                />
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
