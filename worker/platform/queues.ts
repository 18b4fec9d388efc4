/**
 * Sending to a Cloudflare Queue (ADR 0031). A `sendBatch` call carries at most 100 messages, so larger sets go in
 * turns. A delay is capped at the platform's 12 hours: work due later is planned by the minute sweep instead.
 */
const MESSAGES_PER_SEND = 100;
export const MAX_QUEUE_DELAY_SECONDS = 12 * 60 * 60;

export async function sendJobs<Body>(queue: Queue<Body>, bodies: Body[], delaySeconds = 0): Promise<void> {
  const delay = Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds)));
  for (let i = 0; i < bodies.length; i += MESSAGES_PER_SEND) {
    await queue.sendBatch(
      bodies.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body, contentType: "json" as const })),
      delay ? { delaySeconds: delay } : undefined,
    );
  }
}

/** Sends each body with its own delay (reminders, each due at its instant), grouped by delay. */
export async function sendJobsAt<Body>(queue: Queue<Body>, jobs: { body: Body; delaySeconds: number }[]): Promise<void> {
  const byDelay = new Map<number, Body[]>();
  for (const job of jobs) {
    const delay = Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil(job.delaySeconds)));
    const bodies = byDelay.get(delay) ?? [];
    bodies.push(job.body);
    byDelay.set(delay, bodies);
  }
  for (const [delay, bodies] of byDelay) await sendJobs(queue, bodies, delay);
}
