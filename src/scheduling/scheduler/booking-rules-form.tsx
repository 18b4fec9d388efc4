import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";

const field =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

const NOTICE: [number, MessageDescriptor][] = [
  [0, msg`None`],
  [60, msg`1 hour`],
  [120, msg`2 hours`],
  [240, msg`4 hours`],
  [720, msg`12 hours`],
  [1440, msg`24 hours`],
  [2880, msg`48 hours`],
];
const BUFFER: [number, MessageDescriptor][] = [
  [0, msg`None`],
  [10, msg`10 minutes`],
  [15, msg`15 minutes`],
  [30, msg`30 minutes`],
  [60, msg`60 minutes`],
];
const CAPS = [1, 2, 3, 4, 5, 6, 7, 8];

/** A value saved elsewhere (the API) that the list does not hold is still shown, not silently replaced. */
const withValue = (options: [number, MessageDescriptor][], value: number): [number, MessageDescriptor][] =>
  options.some(([v]) => v === value)
    ? options
    : ([...options, [value, msg`${value} minutes`]] as [number, MessageDescriptor][]).sort((a, b) => a[0] - b[0]);

type Rules = { noticeMinutes: number; bufferMinutes: number; dailyCap: number | null };

/** The mentor's booking rules: minimum notice, a buffer between booked sessions and a daily cap (ADR 0023). */
export function BookingRulesForm() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const availability = useQuery(trpc.scheduling.availability.queryOptions());
  const [rules, setRules] = useState<Rules | null>(null);
  useEffect(() => {
    if (availability.data && rules === null) {
      const { noticeMinutes, bufferMinutes, dailyCap } = availability.data;
      setRules({ noticeMinutes, bufferMinutes, dailyCap });
    }
  }, [availability.data, rules]);
  const save = useMutation(
    trpc.scheduling.setBookingRules.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Booking rules saved`);
        await queryClient.invalidateQueries(trpc.scheduling.pathFilter());
      },
      onError: (error) =>
        toast.error(t`Booking rules not saved`, {
          description: apiError(error)?.message ?? t`Please check your connection and try again.`,
        }),
    }),
  );

  if (availability.isPending || (availability.data && rules === null))
    return <Skeleton role="status" aria-label={t`Loading your booking rules`} className="h-72 w-full" />;
  if (availability.isError || rules === null) return <LoadError what={t`your booking rules`} onRetry={() => void availability.refetch()} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(rules);
  };
  const cap = rules.dailyCap;
  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={submit} aria-labelledby="booking-rules-title" className="grid max-w-md gap-4">
          <div className="grid gap-1">
            <h2 id="booking-rules-title" className="font-semibold text-slate-900">
              <Trans>Booking rules</Trans>
            </h2>
            <p className="text-sm text-slate-600">
              <Trans>They apply to every new booking and move; sessions already booked stay.</Trans>
            </p>
          </div>
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            <Trans>Minimum notice</Trans>
            <select
              value={rules.noticeMinutes}
              onChange={(e) => setRules({ ...rules, noticeMinutes: Number(e.target.value) })}
              className={field}
              aria-describedby="notice-help"
            >
              {withValue(NOTICE, rules.noticeMinutes).map(([v, label]) => (
                <option key={v} value={v}>
                  {i18n._(label)}
                </option>
              ))}
            </select>
            <span id="notice-help" className="font-normal text-slate-600">
              <Trans>How long before a session starts it can still be booked.</Trans>
            </span>
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            <Trans>Buffer between sessions</Trans>
            <select
              value={rules.bufferMinutes}
              onChange={(e) => setRules({ ...rules, bufferMinutes: Number(e.target.value) })}
              className={field}
              aria-describedby="buffer-help"
            >
              {withValue(BUFFER, rules.bufferMinutes).map(([v, label]) => (
                <option key={v} value={v}>
                  {i18n._(label)}
                </option>
              ))}
            </select>
            <span id="buffer-help" className="font-normal text-slate-600">
              <Trans>Free time kept before and after each booked session.</Trans>
            </span>
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            <Trans>Daily limit</Trans>
            <select
              value={cap ?? ""}
              onChange={(e) => setRules({ ...rules, dailyCap: e.target.value === "" ? null : Number(e.target.value) })}
              className={field}
            >
              <option value="">{t`No limit`}</option>
              {(cap !== null && !CAPS.includes(cap) ? [...CAPS, cap] : CAPS).map((n) => (
                <option key={n} value={n}>
                  {t`${plural(n, { one: "# session a day", other: "# sessions a day" })}`}
                </option>
              ))}
            </select>
          </label>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t`Saving…` : t`Save booking rules`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
