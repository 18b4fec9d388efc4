import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { useGoogleConnectOutcome } from "@/scheduling/scheduler/use-google-connect-outcome";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { FormAlert } from "@/ui/form-alert";
import { FormField } from "@/ui/form-field";
import { Input } from "@/ui/input";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";

/**
 * The mentor's own calendars (ADR 0040): connect a CalDAV account (or Google), choose which calendars count as busy
 * and the one new sessions are written to, see when each last synced or that it stopped, and disconnect. Busy time
 * closes his overlapping slots for mentees; the upcoming busy times are listed here for the keyboard and screen
 * readers (the calendar draws them behind the slots).
 */
export function CalendarsCard({ zone }: { zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.calendars.accounts.queryOptions());
  useGoogleConnectOutcome();
  const refresh = () => queryClient.invalidateQueries(trpc.calendars.pathFilter());
  const choose = useMutation(
    trpc.calendars.chooseCalendar.mutationOptions({
      onSuccess: refresh,
      onError: (error) => toast.error(t`Not saved`, { description: apiError(error)?.message }),
    }),
  );
  const [leaving, setLeaving] = useState<{ id: string; label: string } | null>(null);
  const disconnect = useMutation(
    trpc.calendars.disconnect.mutationOptions({
      onSuccess: async () => {
        setLeaving(null);
        toast.success(t`Calendar disconnected`);
        await refresh();
      },
      onError: (error) => toast.error(t`Not disconnected`, { description: apiError(error)?.message }),
    }),
  );

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="grid gap-1">
          <h2 id="calendars-title" className="font-semibold text-slate-900">
            <Trans>Your calendars</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>
              Connect the calendar of your day job: a meeting there closes the slots it overlaps, so nobody books you then. New sessions are
              written into the calendar you choose.
            </Trans>
          </p>
        </div>
        {accounts.isPending ? (
          <Skeleton role="status" aria-label={t`Loading your calendars`} className="h-24 w-full" />
        ) : accounts.isError ? (
          <LoadError what={t`your calendars`} onRetry={() => void accounts.refetch()} />
        ) : accounts.data.length === 0 ? (
          <p className="text-sm text-slate-700">
            <Trans>No calendar connected yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-4" aria-labelledby="calendars-title">
            {accounts.data.map((account) => (
              <li key={account.id} className="grid gap-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{account.accountLabel}</p>
                    <p className="text-xs text-slate-600">
                      {account.provider === "google" ? t`Google Calendar` : t`CalDAV`}
                      {account.lastSyncedAt ? ` · ${t`Last synced ${dateTime(account.lastSyncedAt, zone)}`}` : ` · ${t`Not synced yet`}`}
                    </p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => setLeaving({ id: account.id, label: account.accountLabel })}>
                    <Trans>Disconnect</Trans>
                  </Button>
                </div>
                {account.state === "lost" ? (
                  <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                    <Trans>Your calendar stopped syncing: reconnect. Until then, bookings use the busy times it last showed.</Trans>
                  </p>
                ) : account.state === "failing" ? (
                  <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                    <Trans>We could not reach this calendar lately; we keep trying. Bookings use the busy times it last showed.</Trans>
                  </p>
                ) : null}
                <fieldset className="grid min-w-0 gap-2">
                  <legend className="sr-only">{t`Calendars of ${account.accountLabel}`}</legend>
                  {account.calendars.map((calendar) => (
                    <div key={calendar.id} className="grid gap-1 rounded bg-slate-50 px-2 py-2 text-sm">
                      <span className="font-medium text-slate-800 [overflow-wrap:anywhere]">
                        {calendar.name}
                        {calendar.missing ? <span className="ml-1 text-red-700">{t`(deleted at the provider)`}</span> : null}
                      </span>
                      <div className="flex flex-wrap gap-x-4 gap-y-1">
                        <label className="flex min-h-8 items-center gap-2">
                          <input
                            type="checkbox"
                            className="h-4 w-4"
                            checked={calendar.countsAsBusy}
                            disabled={calendar.missing || choose.isPending}
                            onChange={(e) => choose.mutate({ calendarId: calendar.id, countsAsBusy: e.currentTarget.checked })}
                          />
                          <Trans>Counts as busy</Trans>
                        </label>
                        <label className="flex min-h-8 items-center gap-2">
                          <input
                            type="radio"
                            name="writes-sessions"
                            className="h-4 w-4"
                            checked={calendar.writesSessions}
                            disabled={calendar.missing || !calendar.writable || choose.isPending}
                            aria-describedby={readOnly(calendar) ? `read-only-${calendar.id}` : undefined}
                            onChange={() => choose.mutate({ calendarId: calendar.id, writesSessions: true })}
                          />
                          <Trans>Write new sessions here</Trans>
                        </label>
                      </div>
                      {readOnly(calendar) ? (
                        <p id={`read-only-${calendar.id}`} className="text-xs text-slate-600">
                          <Trans>Read-only for your account (a subscribed or shared calendar): new sessions cannot be written here.</Trans>
                        </p>
                      ) : null}
                    </div>
                  ))}
                </fieldset>
              </li>
            ))}
          </ul>
        )}
        <ConnectCaldavForm onConnected={refresh} />
        <div className="grid gap-2 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600">
            <Trans>Use Google Calendar? Connect it with your Google account.</Trans>
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <a href="/api/calendars/google/connect">
              <Trans>Connect Google Calendar</Trans>
            </a>
          </Button>
        </div>
        <BusyList zone={zone} />
      </CardContent>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => (open ? undefined : setLeaving(null))}
        title={t`Disconnect ${leaving?.label ?? ""}?`}
        description={t`Its busy times stop closing your slots, and we delete its password and everything we read from it. Sessions already written stay in that calendar.`}
        confirmLabel={t`Disconnect`}
        destructive
        pending={disconnect.isPending}
        onConfirm={() => leaving && disconnect.mutate({ connectionId: leaving.id })}
      />
    </Card>
  );
}

/** A calendar he may only read (the provider says so): it can count as busy but cannot take new sessions. */
const readOnly = (calendar: { writable: boolean; missing: boolean }) => !calendar.writable && !calendar.missing;

/** The CalDAV account form: the server's address, the user name and an app password (never the account's own password). */
function ConnectCaldavForm({ onConnected }: { onConnected: () => Promise<unknown> }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [serverUrl, setServerUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const connect = useMutation(
    trpc.calendars.connectCaldav.mutationOptions({
      onSuccess: async () => {
        setPassword("");
        setError(null);
        toast.success(t`Calendar connected`, { description: t`Its busy times appear within a minute.` });
        await onConnected();
      },
      onError: (e) => setError(apiError(e)?.message ?? t`We could not connect. Check your connection and try again.`),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ serverUrl: serverUrl.trim(), username: username.trim(), password });
  };
  return (
    <form className="grid gap-3 border-t border-slate-200 pt-4" onSubmit={submit} aria-labelledby="caldav-title">
      <h3 id="caldav-title" className="font-medium text-slate-900">
        <Trans>Connect a CalDAV calendar</Trans>
      </h3>
      <p className="text-sm text-slate-600">
        <Trans>iCloud, Fastmail, Nextcloud and others. Use an app password made for MentorLink in your provider's settings.</Trans>
      </p>
      <FormField label={t`Server address`} hint={t`For example https://caldav.icloud.com or https://caldav.fastmail.com`}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="url"
          required
          maxLength={500}
          value={serverUrl}
          onChange={(e) => setServerUrl(e.target.value)}
        />
      </FormField>
      <FormField label={t`User name`}>
        <Input autoComplete="username" required maxLength={200} value={username} onChange={(e) => setUsername(e.target.value)} />
      </FormField>
      <FormField label={t`App password`}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          maxLength={500}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <FormAlert message={error} />
      <Button type="submit" className="justify-self-start" disabled={connect.isPending}>
        {connect.isPending ? t`Connecting…` : t`Connect calendar`}
      </Button>
    </form>
  );
}

const WEEK = 7 * 24 * 60 * 60 * 1000;

/** The next week's busy times, read from our database (never from the provider). */
function BusyList({ zone }: { zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [window] = useState(() => {
    const from = new Date();
    return { from: from.toISOString(), to: new Date(from.getTime() + WEEK).toISOString() };
  });
  const busy = useQuery(trpc.calendars.busy.queryOptions(window));
  if (!busy.data?.length) return null;
  return (
    <div className="grid gap-1 border-t border-slate-200 pt-4">
      <h3 id="busy-title" className="font-medium text-slate-900">
        <Trans>Busy in the next 7 days</Trans>
      </h3>
      <ul aria-labelledby="busy-title" className="grid gap-1 text-sm text-slate-700">
        {busy.data.map((b) => (
          <li key={b.startAt}>{t`${dateTime(b.startAt, zone)} to ${dateTime(b.endAt, zone)}`}</li>
        ))}
      </ul>
    </div>
  );
}
