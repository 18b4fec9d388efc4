import type { ServiceDeps } from "../../platform/deps";
import type { CalendarJob } from "../../platform/env";
import { pullCalendar } from "./pull";
import { sessionEventFailed, writeSessionEvent } from "./session-events";

/**
 * The calendar queue's consumer (ADR 0031, 0040): pulls into the busy-time mirror and session events written to
 * mentors' calendars. Each message names a row that is the truth, so running one twice writes nothing twice.
 */
export async function consumeCalendarJobs(deps: Pick<ServiceDeps, "db" | "env" | "now">, messages: readonly Message<CalendarJob>[]) {
  await Promise.all(
    messages.map(async (message) => {
      const job = message.body;
      try {
        if (job.kind === "calendar-pull") await pullCalendar(deps, job.sourceId);
        else await writeSessionEvent(deps, job.bookingId);
        message.ack();
      } catch (error) {
        console.warn(`calendar job ${job.kind} failed (attempt ${message.attempts})`, error);
        if (job.kind === "calendar-session") {
          const { giveUp, attempts } = await sessionEventFailed(deps.db, job.bookingId).catch(() => ({ giveUp: false, attempts: 1 }));
          if (giveUp) return message.ack();
          return message.retry({ delaySeconds: Math.min(10 * 2 ** attempts, 3600) });
        }
        message.retry({ delaySeconds: 60 });
      }
    }),
  );
}
