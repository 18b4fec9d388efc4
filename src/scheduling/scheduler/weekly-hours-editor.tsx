import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { zoneLabel } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";
import { copyToWeekdays, type DayRow, DEFAULT_RANGE, dayName, dayProblem, nextRange, rowsFrom, weeklyHoursOf } from "./weekly-hours";

const timeField =
  "w-[8.5rem] rounded-md border border-slate-300 px-2 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/**
 * The mentor's weekly hours, like Cal.com's availability: a row per day (Monday first) with a
 * checkbox and one or more from–until ranges, in the zone the hours are kept in. Checked here as the
 * server checks them; Save regenerates the future open slots and says how many were added and removed.
 */
export function WeeklyHoursEditor({ zone }: { zone: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const availability = useQuery(trpc.scheduling.availability.queryOptions());
  const [rows, setRows] = useState<DayRow[] | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  useEffect(() => {
    if (availability.data && rows === null) setRows(rowsFrom(availability.data.weeklyHours));
  }, [availability.data, rows]);

  const save = useMutation(
    trpc.scheduling.setWeeklyHours.mutationOptions({
      onSuccess: async (r) => {
        const { added, removed } = r;
        toast.success(t`Weekly hours saved`, {
          description: t`${plural(added, { one: "# slot", other: "# slots" })} added, ${removed} removed.`,
        });
        setRows(rowsFrom(r.availability.weeklyHours));
        setShowProblems(false);
        await queryClient.invalidateQueries(trpc.scheduling.pathFilter());
      },
      onError: (error) =>
        toast.error(t`Weekly hours not saved`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` }),
    }),
  );

  if (availability.isPending || (availability.data && rows === null))
    return <Skeleton role="status" aria-label={t`Loading your weekly hours`} className="h-96 w-full" />;
  if (availability.isError || rows === null) return <LoadError what={t`your weekly hours`} onRetry={() => void availability.refetch()} />;

  const hoursZone = zoneLabel(availability.data.timeZone || zone);
  const problems = rows.map(dayProblem).filter((p): p is string => p !== null);
  const problemList = problems.join(" ");
  const update = (day: number, change: (row: DayRow) => DayRow) => setRows(rows.map((r) => (r.day === day ? change(r) : r)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (problems.length > 0) return;
    save.mutate({ weeklyHours: weeklyHoursOf(rows) });
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={submit} noValidate aria-labelledby="weekly-hours-title" className="grid gap-4">
          <div className="grid gap-1">
            <h2 id="weekly-hours-title" className="font-semibold text-slate-900">
              <Trans>Weekly hours</Trans>
            </h2>
            <p className="text-sm text-slate-600">
              <Trans>
                One-hour slots are published from these hours for the next weeks; booked slots are never changed. Times in {hoursZone}.
              </Trans>
            </p>
          </div>
          <ul className="grid gap-3" aria-label={t`Days of the week`}>
            {rows.map((row) => {
              const name = dayName(row.day);
              const problem = showProblems ? dayProblem(row) : null;
              const problemId = `weekly-hours-problem-${row.day}`;
              return (
                <li key={row.day} className="grid gap-2 border-b border-slate-100 pb-3 last:border-b-0 sm:grid-cols-[8rem_1fr]">
                  <label className="flex items-center gap-2 self-start pt-1.5 text-sm font-medium text-slate-900">
                    <input
                      type="checkbox"
                      checked={row.available}
                      aria-label={t`${name} available`}
                      onChange={(e) =>
                        update(row.day, (r) => ({
                          ...r,
                          available: e.target.checked,
                          ranges: e.target.checked && r.ranges.length === 0 ? [DEFAULT_RANGE] : r.ranges,
                        }))
                      }
                      className="size-4 accent-indigo-600"
                    />
                    {name}
                  </label>
                  {row.available ? (
                    <div
                      className="grid gap-2"
                      role="group"
                      aria-label={t`${name} hours`}
                      aria-describedby={problem ? problemId : undefined}
                    >
                      {row.ranges.map((range, i) => {
                        const rangeNumber = i + 1;
                        const { start, end } = range;
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a range is known by its place only; its fields are controlled, so a removed range's values never stay behind
                          <div key={i} className="flex flex-wrap items-center gap-2">
                            <input
                              type="time"
                              step={900}
                              required
                              aria-label={i > 0 ? t`${name} from, range ${rangeNumber}` : t`${name} from`}
                              aria-invalid={problem ? true : undefined}
                              value={range.start}
                              onChange={(e) =>
                                update(row.day, (r) => ({
                                  ...r,
                                  ranges: r.ranges.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)),
                                }))
                              }
                              className={timeField}
                            />
                            <span aria-hidden="true" className="text-slate-500">
                              –
                            </span>
                            <input
                              type="time"
                              step={900}
                              required
                              aria-label={i > 0 ? t`${name} until, range ${rangeNumber}` : t`${name} until`}
                              aria-invalid={problem ? true : undefined}
                              value={range.end}
                              onChange={(e) =>
                                update(row.day, (r) => ({
                                  ...r,
                                  ranges: r.ranges.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)),
                                }))
                              }
                              className={timeField}
                            />
                            <Button
                              type="button"
                              variant="ghost"
                              size="sm"
                              aria-label={t`Remove ${name} ${start}–${end}`}
                              onClick={() =>
                                update(row.day, (r) => ({
                                  ...r,
                                  ranges: r.ranges.filter((_, j) => j !== i),
                                  available: r.ranges.length > 1,
                                }))
                              }
                            >
                              <Trans>Remove</Trans>
                            </Button>
                          </div>
                        );
                      })}
                      <div className="flex flex-wrap gap-2">
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          aria-label={t`Add a range on ${name}`}
                          onClick={() => update(row.day, (r) => ({ ...r, ranges: [...r.ranges, nextRange(r.ranges)] }))}
                        >
                          <Trans>Add a range</Trans>
                        </Button>
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          aria-label={t`Copy ${name}'s hours to all weekdays`}
                          onClick={() => setRows(copyToWeekdays(rows, row))}
                        >
                          <Trans>Copy to all weekdays</Trans>
                        </Button>
                      </div>
                      {problem ? (
                        <p id={problemId} className="text-sm text-red-700">
                          {problem}
                        </p>
                      ) : null}
                    </div>
                  ) : (
                    <p className="self-center text-sm text-slate-500">
                      <Trans>Unavailable</Trans>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          {showProblems && problems.length > 0 ? (
            <p role="alert" className="text-sm text-red-700">
              {problems.length === 1 ? t`Please fix this before saving: ${problemList}` : t`Please fix these before saving: ${problemList}`}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t`Saving…` : t`Save weekly hours`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
