import { Worker } from "node:worker_threads";
import { Log, LogLevel } from "miniflare";
import WebSocket from "ws";
import type { Db } from "../db/client";
import { openSession } from "../worker/accounts/sessions";
import { signAccessToken } from "../worker/accounts/tokens";

/**
 * What bench/background.ts runs its wave against and reads it with, besides the Worker: the mail provider, the tabs
 * people have open, and the queue consumers' batches from Miniflare's log.
 */

/** The p-th percentile of `xs` (NaN when empty). */
export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Miniflare's log, keeping its queue lines ("QUEUE <name> 20/20 (1234ms)": when each consumer batch ended and how long
 * it took) and passing on only errors and warnings.
 */
export class QueueBatches extends Log {
  private readonly batches: { queue: string; at: number; ms: number; size: number }[] = [];
  constructor() {
    super(LogLevel.INFO);
  }
  override log(message: string): void {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts the terminal colours to strip
    const plain = message.replace(/\u001b\[[0-9;]*m/g, "");
    const m = /QUEUE (\S+) \d+\/(\d+) \((\d+)ms\)/.exec(plain);
    if (m) this.batches.push({ queue: m[1], at: Date.now(), ms: Number(m[3]), size: Number(m[2]) });
    else if (/error|warn/i.test(plain)) super.log(message);
  }
  /** Prints, per queue, the batches that ended after `since`: how many, their time's p50, p95 and max, and how busy it was. */
  report(since: number): void {
    const wave = this.batches.filter((b) => b.at >= since);
    for (const queue of new Set(wave.map((b) => b.queue))) {
      const mine = wave.filter((b) => b.queue === queue);
      const times = mine.map((b) => b.ms);
      const busy = times.reduce((sum, ms) => sum + ms, 0);
      const span = Math.max(...mine.map((b) => b.at)) - Math.min(...mine.map((b) => b.at - b.ms));
      const messages = mine.reduce((n, b) => n + b.size, 0);
      console.log(
        `${queue}: ${mine.length} batches, ${messages} messages; batch time p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms, max ${percentile(times, 100)} ms; busy ${busy} ms of ${span} ms`,
      );
    }
  }
}

export type Received = { to: string; subject: string; key: string; at: number };

/**
 * A mail API in Resend's shape: `latencyMs` per answer, `errorRate` of the calls answered 500 without sending, idempotency kept. It runs
 * in a thread of its own, so the database proxy's work in this process never delays its answers (as a real provider's
 * are not); what it received comes back to this thread as it happens.
 */
export async function startProvider(
  errorRate: number,
  latencyMs: number,
): Promise<{ url: string; received: Received[]; calls: () => number; stop: () => Promise<void> }> {
  const received: Received[] = [];
  let calls = 0;
  const thread = new Worker(
    `
    const { parentPort, workerData } = require("node:worker_threads");
    const { createServer } = require("node:http");
    const keys = new Set();
    const server = createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => setTimeout(() => {
        parentPort.postMessage({ call: true });
        if (Math.random() < workerData.errorRate) { res.writeHead(500, { "content-type": "application/json" }).end('{"message":"try again"}'); return; }
        const key = String(req.headers["idempotency-key"] ?? "");
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (!keys.has(key)) { keys.add(key); parentPort.postMessage({ to: body.to[0], subject: body.subject, key, at: Date.now() }); }
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: key }));
      }, workerData.latencyMs));
    });
    server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
    parentPort.on("message", (m) => { if (m === "stop") server.close(() => process.exit(0)); });
    `,
    { eval: true, workerData: { errorRate, latencyMs } },
  );
  const port = await new Promise<number>((resolve) => {
    thread.on("message", (m: { port?: number; call?: boolean } & Partial<Received>) => {
      if (m.port) resolve(m.port);
      else if (m.call) calls++;
      else received.push(m as Received);
    });
  });
  return { url: `http://127.0.0.1:${port}/emails`, received, calls: () => calls, stop: () => thread.terminate().then(() => undefined) };
}

/**
 * Opens one tab's socket to each mentee's room (a sign-in of her own, a socket ticket, the room), as the app does, and
 * notes when each receives her reminder's bell entry. A socket that drops is opened again with a new ticket, as the
 * app's client does (src/platform/realtime.ts); `reconnects` says how often.
 */
export async function openTabs(db: Db, baseUrl: string, jwtSecret: string, menteeIds: string[]) {
  const received: number[] = [];
  const sockets = new Map<string, WebSocket>();
  const reminded = new Set<string>();
  let closing = false;
  let reconnects = 0;
  const open = async (id: string, token: string) => {
    const answer = await fetch(`${baseUrl}/trpc/realtime.ticket`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const { result } = (await answer.json()) as { result: { data: { ticket: string } } };
    const socket = new WebSocket(
      `${baseUrl.replace(/^http/, "ws")}/parties/user-room/mentee:${id}?ticket=${encodeURIComponent(result.data.ticket)}`,
    );
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as { event: string; data: { content?: string } };
      if (!reminded.has(id) && message.event === "notification" && message.data.content?.startsWith("Reminder:")) {
        reminded.add(id);
        received.push(Date.now());
      }
    });
    socket.once("close", () => {
      if (closing) return;
      reconnects++;
      void open(id, token).catch((error: unknown) => console.warn(`tab of ${id} not opened again: ${String(error)}`));
    });
    sockets.set(id, socket);
  };
  for (let i = 0; i < menteeIds.length; i += 20)
    await Promise.all(
      menteeIds.slice(i, i + 20).map(async (id) => {
        const { sessionId } = await openSession(db, { role: "mentee", userId: id });
        await open(id, await signAccessToken(jwtSecret, { sub: id, role: "mentee", sid: sessionId }));
      }),
    );
  return {
    received,
    reconnects: () => reconnects,
    /** The mentees whose tab has not received her reminder. */
    notReached: () => menteeIds.filter((id) => !reminded.has(id)),
    close: () => {
      closing = true;
      for (const socket of sockets.values()) socket.terminate();
    },
  };
}
