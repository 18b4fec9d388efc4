import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { CalendarFeedPanel } from "@/components/calendar-feed-panel";
import { GoLiveLink } from "@/components/go-live-link";
import { LoadError } from "@/components/load-error";
import { SlotTime } from "@/components/slot-time";
import { useMyZone } from "@/lib/use-my-zone";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { apiError } from "@/lib/api-error";
import { useTRPC } from "@/lib/trpc";
import { useNow } from "@/lib/use-now";
import { dayjs } from "../../../shared/zoned-time";
import type { SlotView } from "@/lib/api-types";
import { zonedInstant, zoneLabel } from "@/lib/zoned";

export const Route = createFileRoute("/mentors/scheduler")({ component: Scheduler });

/** FullCalendar is a large chunk: loaded only here, after the page itself. */
const SlotCalendar = lazy(() => import("@/components/slot-calendar"));

const field = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

function Scheduler() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const zone = useMyZone();
  // Ticks every 30 s, so "Go Live" appears on an open slot's details when its start is reached.
  const clock = useNow(30_000);
  const now = new Date(clock);
  const today = dayjs(now).tz(zone).format("YYYY-MM-DD");
  const [form, setForm] = useState({ date: today, time: "10:00", title: "", description: "", weeks: 1 });
  const [selected, setSelected] = useState<SlotView | null>(null);
  const slots = useQuery(trpc.scheduling.mySlots.queryOptions());
  // The calendar waits for the account's zone, so it never draws a first frame in the browser's.
  const accountZone = useQuery(trpc.scheduling.timeZone.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.scheduling.pathFilter());
  const publish = useMutation(
    trpc.scheduling.publish.mutationOptions({
      onSuccess: async (created) => {
        toast.success("Slot allocated successfully", { description: created.length > 1 ? `${created.length} weekly slots published.` : undefined });
        await refresh();
      },
      onError: (error) => toast.error("Slot allotment failed", { description: apiError(error)?.message }),
    }),
  );
  const remove = useMutation(
    trpc.scheduling.deleteSlot.mutationOptions({
      onSuccess: async (r) => {
        toast.success("Slot Deleted", { description: r.cancelledBooking ? "The mentee was told and the call is back in their plan." : undefined });
        setSelected(null);
        await refresh();
      },
      onError: (error) => toast.error("Something went wrong", { description: apiError(error)?.message }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = zonedInstant(form.date, form.time, zone);
    publish.mutate({ slotDetails: { start: start.toISOString(), title: form.title || null, description: form.description || null, weeks: form.weeks } });
  };

  return (
    <section aria-labelledby="scheduler-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="scheduler-title" className="text-2xl font-bold text-slate-900">
          Scheduler
        </h1>
        <p className="text-slate-600">Publish one-hour slots. Times are in your time zone, {zoneLabel(zone)} (change it in your profile).</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
        <div className="grid h-fit gap-4">
          <Card>
            <CardContent className="pt-6">
              <form onSubmit={submit} className="grid gap-3" aria-label="Add a slot">
                <h2 className="font-semibold text-slate-900">Add a slot</h2>
                <label className="grid gap-1 text-sm font-medium text-slate-800">
                  Date
                  <input type="date" required min={today} value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} className={field} />
                </label>
                <label className="grid gap-1 text-sm font-medium text-slate-800">
                  Start time
                  <input type="time" required step={900} value={form.time} onChange={(e) => setForm({ ...form, time: e.target.value })} className={field} />
                </label>
                <label className="grid gap-1 text-sm font-medium text-slate-800">
                  Title (optional)
                  <input maxLength={120} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} className={field} />
                </label>
                <label className="grid gap-1 text-sm font-medium text-slate-800">
                  Description (optional)
                  <textarea maxLength={1000} rows={2} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} className={field} />
                </label>
                <label className="grid gap-1 text-sm font-medium text-slate-800">
                  Repeat weekly for
                  <select value={form.weeks} onChange={(e) => setForm({ ...form, weeks: Number(e.target.value) })} className={field}>
                    {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n === 1 ? "Just this once" : `${n} weeks`}
                      </option>
                    ))}
                  </select>
                </label>
                <Button type="submit" disabled={publish.isPending}>
                  {publish.isPending ? "Publishing…" : "Publish slot"}
                </Button>
              </form>
            </CardContent>
          </Card>
          {selected ? (
            <Card>
              <CardContent className="grid gap-2 pt-6" aria-live="polite">
                <h2 className="font-semibold text-slate-900">Slot details</h2>
                <SlotTime start={selected.start} zone={zone} otherZone={selected.menteeTimeZone} otherLabel="Mentee's time" />
                <p className="text-sm text-slate-700">
                  {selected.state === "booked" ? `Booked by ${selected.menteeName}${selected.type === "trial" ? " (free intro call)" : ""}` : selected.state === "past" ? "Past, not booked" : "Open"}
                </p>
                {selected.title ? <p className="text-sm text-slate-700">{selected.title}</p> : null}
                <div className="flex flex-wrap items-center gap-2">
                  {selected.state !== "past" && new Date(selected.start) > now ? (
                    <Button variant="outline" disabled={remove.isPending} onClick={() => remove.mutate({ slotId: selected.id })}>
                      {selected.state === "booked" ? "Delete and cancel booking" : "Delete slot"}
                    </Button>
                  ) : null}
                  {selected.state === "booked" ? <GoLiveLink slot={selected} now={clock} size="default" /> : null}
                  <Button variant="ghost" onClick={() => setSelected(null)}>
                    Close
                  </Button>
                </div>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="min-w-0">
          {slots.isPending || accountZone.isPending ? (
            <Skeleton role="status" aria-label="Loading your slots" className="h-96 w-full" />
          ) : slots.isError ? (
            <LoadError what="your slots" onRetry={() => void slots.refetch()} />
          ) : (
            <>
              {slots.data.length === 0 ? <p className="mb-3 text-slate-700">You have no slots yet. Click a time or use the form to publish your first one.</p> : null}
              <Suspense fallback={<Skeleton role="status" aria-label="Loading the calendar" className="h-96 w-full" />}>
                <SlotCalendar
                  zone={zone}
                  slots={slots.data}
                  onPickTime={(start) => {
                    const at = dayjs(start).tz(zone);
                    setForm((f) => ({ ...f, date: at.format("YYYY-MM-DD"), time: at.format("HH:mm") }));
                    publish.mutate({ slotDetails: { start: start.toISOString(), title: form.title || null, description: form.description || null, weeks: 1 } });
                  }}
                  onPastTime={() => toast.error("Slot allotment failed", { description: "This time has already passed. Choose a time in the future." })}
                  onPickSlot={setSelected}
                />
              </Suspense>
            </>
          )}
        </div>
      </div>
      <CalendarFeedPanel />
    </section>
  );
}
