import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { createDb } from "../db/client";
import { menteeRow, mentorRow, moderatorRow } from "../db/factories";
import { calendarBusy, calendarConnections, calendarSources, enrollments, mentees, mentors, moderators, timeSlots } from "../db/schema";
import { type Stack, startStack } from "../scripts/built-stack";
import { ownTrips, startDbProxy } from "../tests/support/db-proxy";
import { READ_TRIPS, type SignedInWrite, signedInReads, WRITE_TRIPS } from "../tests/support/signed-in-reads";
import { openSession } from "../worker/accounts/sessions";
import { signAccessToken } from "../worker/accounts/tokens";

/**
 * How far the database is, as a mentee feels it (ADR 0017). The built Worker runs against
 * the local sqld through a proxy that counts the database round trips of each request and can add
 * a fixed delay to each, as a primary database in another region would. For each request a mentee
 * or mentor makes often, the run reports its round trips and its time with the database next door
 * and with 75 ms and 150 ms added per round trip. `npm run bench:db-distance` (after a build).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DELAYS = [0, 75, 150];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const base = await startStack();
const stacks: { delay: number; stack: Stack; proxy: Awaited<ReturnType<typeof startDbProxy>> }[] = [];
/**
 * The placed API as deployed (ADR 0017): the edge is PLACED_MS from the database and from the placed API, which sits
 * next to the database. Its edge reads the database through the PLACED_MS proxy (the public search, uncached here); a
 * forwarded call waits PLACED_MS once and the API's own trips go to the database without delay.
 */
const PLACED_MS = 150;
let placed: Stack | undefined;
try {
  for (const delay of DELAYS) {
    const proxy = await startDbProxy(base.dbUrl, { latencyMs: delay });
    // Same database and secret for every Worker, so one token serves them all.
    stacks.push({ delay, proxy, stack: await startStack({ dbUrl: proxy.url, vars: { JWT_SECRET: base.jwtSecret } }) });
  }
  const far = stacks.find((s) => s.delay === PLACED_MS);
  if (!far) throw new Error(`DELAYS must include ${PLACED_MS}`);
  placed = await startStack({
    dbUrl: far.proxy.url,
    vars: { JWT_SECRET: base.jwtSecret },
    apiDistance: { ms: PLACED_MS, dbUrl: stacks[0].proxy.url },
  });
  const db = createDb(base.dbUrl);
  const [mentor] = await db
    .insert(mentors)
    .values(mentorRow({ email: `far.mentor.${Date.now()}@example.test`, passwordHash: "x", timeZone: "Asia/Kolkata" }))
    .returning();
  const [mentee] = await db
    .insert(mentees)
    .values(menteeRow({ email: `far.mentee.${Date.now()}@example.test`, passwordHash: "x", timeZone: "America/New_York" }))
    .returning();
  await db.insert(enrollments).values({
    menteeId: mentee.id,
    mentorId: mentor.id,
    status: "active",
    amountPaise: 960_000,
    currentPeriodStart: new Date(Date.now() - 86_400_000),
    currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    activatedAt: new Date(),
  });
  // The mentor's day-job calendar (ADR 0040): 40 meetings in the mirror, 3 to 8 weeks ahead (clear of the hours the timed
  // bookings take), and 20 open slots among them, so the mentee's schedule reads busy rows and drops the slots they cover.
  const [connection] = await db
    .insert(calendarConnections)
    .values({ mentorId: mentor.id, provider: "caldav", accountLabel: "bench", credentials: "sealed", createdAt: new Date() })
    .returning();
  const [source] = await db
    .insert(calendarSources)
    .values({
      connectionId: connection.id,
      mentorId: mentor.id,
      remoteId: "bench",
      name: "work",
      countsAsBusy: true,
      createdAt: new Date(),
    })
    .returning();
  const dayStart = Math.ceil(Date.now() / 86_400_000) * 86_400_000;
  await db.insert(calendarBusy).values(
    Array.from({ length: 40 }, (_, i) => ({
      sourceId: source.id,
      mentorId: mentor.id,
      remoteEventId: `meeting-${i}`,
      startAt: new Date(dayStart + (21 + i) * 86_400_000 + 10 * 3_600_000),
      endAt: new Date(dayStart + (21 + i) * 86_400_000 + 11 * 3_600_000),
    })),
  );
  // Every other slot overlaps a meeting (10:00 on a meeting's day), the others are free (14:00).
  const amongMeetings = Array.from({ length: 20 }, (_, i) => new Date(dayStart + (21 + i) * 86_400_000 + (i % 2 ? 14 : 10) * 3_600_000));
  await db
    .insert(timeSlots)
    .values(amongMeetings.map((startAt) => ({ mentorId: mentor.id, startAt, endAt: new Date(startAt.getTime() + 3_600_000) })));
  const token = async (role: "mentee" | "mentor" | "moderator", id: string) =>
    signAccessToken(base.jwtSecret, { sub: id, role, sid: (await openSession(db, { role, userId: id })).sessionId });
  const menteeToken = await token("mentee", mentee.id);
  const mentorToken = await token("mentor", mentor.id);
  const [moderator] = await db
    .insert(moderators)
    .values(moderatorRow({ email: `far.moderator.${Date.now()}@example.test`, passwordHash: "x" }))
    .returning();
  const moderatorToken = await token("moderator", moderator.id);
  let hour = 0;
  const freshSlot = async () => {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + (48 + hour++) * 3_600_000);
    const [slot] = await db
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) })
      .returning();
    return slot.id;
  };
  const json = (t: string) => ({ authorization: `Bearer ${t}`, "content-type": "application/json" });
  const call = (url: string, method: string, path: string, t: string, body?: unknown) =>
    fetch(`${url}${path}`, { method, headers: json(t), body: body === undefined ? undefined : JSON.stringify(body) });
  /** Untimed steps go to the Worker without the distance; each must succeed. */
  const step = async (method: string, path: string, t: string, body?: unknown) => {
    const res = await call(base.baseUrl, method, path, t, body);
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const book = (slotId: string) => step("POST", "/api/mentees/timeslots/1", menteeToken, { values: {}, slotId });
  // A booking goes back to the quota (4 a period) so the next run can book again.
  const cancel = (slotId: string) => step("PATCH", "/api/mentees/booked-slots/1", menteeToken, { slotId });
  // The schedule offers the free slots among the meetings and none a meeting covers (else the row measures nothing).
  const schedule = (await (
    await step("GET", `/trpc/scheduling.mentorSchedule?input=${encodeURIComponent(JSON.stringify({ mentorId: mentor.id }))}`, menteeToken)
  ).json()) as { result: { data: { timeSlots: { start: string }[] } } };
  const ours = new Set(amongMeetings.map((d) => d.getTime()));
  const offered = schedule.result.data.timeSlots.filter((slot) => ours.has(Date.parse(slot.start)));
  if (offered.length !== 10 || offered.some((slot) => new Date(slot.start).getUTCHours() !== 14))
    throw new Error(`the schedule should offer the 10 free slots among the meetings, offered ${JSON.stringify(offered)}`);
  const openConversation = async (menteeId: string, t: string) =>
    ((await (await step("POST", "/api/chats/messages", t, { menteeId, mentorId: mentor.id })).json()) as { conversations: { _id: string } })
      .conversations._id;
  const conversationId = await openConversation(mentee.id, menteeToken);
  /** A subscribed mentee of her own with her conversation, for each message: one sender may send 20 in 10 seconds. */
  const freshWriter = async () => {
    const [writer] = await db
      .insert(mentees)
      .values(menteeRow({ email: `far.writer.${crypto.randomUUID()}@example.test`, passwordHash: "x" }))
      .returning();
    await db.insert(enrollments).values({
      menteeId: writer.id,
      mentorId: mentor.id,
      status: "active",
      amountPaise: 960_000,
      currentPeriodStart: new Date(Date.now() - 86_400_000),
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      activatedAt: new Date(),
    });
    const t = await token("mentee", writer.id);
    return { id: writer.id, token: t, conversationId: await openConversation(writer.id, t) };
  };
  /** A mentee of her own for each checkout start (her first checkout of this mentor). */
  const freshBuyer = async () => {
    const [buyer] = await db
      .insert(mentees)
      .values(menteeRow({ email: `far.buyer.${crypto.randomUUID()}@example.test`, passwordHash: "x" }))
      .returning();
    return token("mentee", buyer.id);
  };
  // The mentor's Stripe Price is made by his first checkout (once after approval or a rate change), and one mentee has her checkout open.
  const openBuyer = await freshBuyer();
  await step("POST", "/api/mentees/create-checkout", await freshBuyer(), { mentorId: mentor.id });
  await step("POST", "/api/mentees/create-checkout", openBuyer, { mentorId: mentor.id });

  type Kind = "read (may use a replica)" | "read (needs the primary)" | "write (primary)";
  /** A request: `prepare` (untimed) makes what one run needs, `run` is timed, `after` (untimed) puts things back. */
  type Req<P = string> = {
    name: string;
    kind: Kind;
    budget?: number;
    prepare?: () => Promise<P>;
    run: (url: string, prepared: P) => Promise<Response>;
    after?: (prepared: P) => Promise<unknown>;
  };
  const write = <P>(name: SignedInWrite, req: Omit<Req<P>, "name" | "kind" | "budget">): Req =>
    ({ name, kind: "write (primary)", budget: WRITE_TRIPS[name], ...req }) as unknown as Req;
  const requests: Req[] = [
    {
      name: "public search (landing, browse)",
      kind: "read (may use a replica)",
      run: (u) => fetch(`${u}/api/mentees/mentors?search=engineer`),
    },
    {
      name: "public mentor profile",
      kind: "read (may use a replica)",
      run: (u) => fetch(`${u}/trpc/mentors.profile?input=${encodeURIComponent(JSON.stringify({ mentorId: mentor.id }))}`),
    },
    // The signed-in reads CI counts (tests/integration/database-trips.test.ts): one round trip each.
    ...signedInReads(
      { id: mentee.id, token: menteeToken },
      { id: mentor.id, token: mentorToken },
      { id: moderator.id, token: moderatorToken },
    ).map(
      (read): Req => ({
        name: read.name,
        kind: "read (needs the primary)",
        budget: READ_TRIPS,
        run: (u) => fetch(`${u}${read.path}`, { headers: json(read.token) }),
      }),
    ),
    {
      // Not in CI's one-trip list: the mentor's card, the open slots, the rules with his booked, time off and busy rows
      // (one union), her plan, trial, waitlist and next booking are read side by side.
      name: "mentee: a mentor's schedule (busy time included)",
      kind: "read (needs the primary)",
      run: (u) =>
        fetch(`${u}/trpc/scheduling.mentorSchedule?input=${encodeURIComponent(JSON.stringify({ mentorId: mentor.id }))}`, {
          headers: json(menteeToken),
        }),
    },
    write("mentee: book a slot", {
      prepare: freshSlot,
      run: (u, slotId) => call(u, "POST", "/api/mentees/timeslots/1", menteeToken, { values: {}, slotId }),
      after: cancel,
    }),
    write("mentee: cancel a booking", {
      prepare: async () => {
        const slotId = await freshSlot();
        await book(slotId);
        return slotId;
      },
      run: (u, slotId) => call(u, "PATCH", "/api/mentees/booked-slots/1", menteeToken, { slotId }),
    }),
    write("mentee: move a booking", {
      prepare: async () => {
        const from = await freshSlot();
        await book(from);
        return { from, to: await freshSlot() };
      },
      run: (u, { from, to }) => call(u, "POST", "/trpc/scheduling.reschedule", menteeToken, { slotId: from, toSlotId: to }),
      after: ({ to }) => cancel(to),
    }),
    write("mentee: send a message", {
      prepare: freshWriter,
      run: (u, w) =>
        call(u, "POST", `/api/chats/mentee-messages/${w.conversationId}`, w.token, {
          message: "A question about the plan",
          sender: w.id,
          clientId: crypto.randomUUID(),
        }),
    }),
    write("mentor: mark a conversation read", {
      run: (u) => call(u, "PATCH", `/api/chats/mentor-messages/${conversationId}`, mentorToken),
    }),
    write("mentee: start a checkout", {
      prepare: freshBuyer,
      run: (u, buyer) => call(u, "POST", "/api/mentees/create-checkout", buyer, { mentorId: mentor.id }),
    }),
    write("mentee: open her checkout again", {
      run: (u) => call(u, "POST", "/api/mentees/create-checkout", openBuyer, { mentorId: mentor.id }),
    }),
  ];

  /**
   * The request's own round trips before its answer, counted as tests/integration/database-trips.test.ts counts
   * them: through the proxy's gate, which lets the budget through and holds later trips until the answer came.
   * Over the budget, the answer does not come; the gate is then opened and every trip before the answer counted.
   */
  const countTrips = async (r: Req, { stack, proxy }: (typeof stacks)[number]) => {
    const prepared = await r.prepare?.();
    await proxy.quiet();
    const before = proxy.statements().length;
    const gate = proxy.gate(r.budget ?? 100);
    let overBudget = false;
    const timer = setTimeout(() => {
      overBudget = true;
      gate.release();
    }, 5_000);
    const res = await r.run(stack.baseUrl, prepared as string);
    const trips = overBudget ? ownTrips(proxy.statements().slice(before)).length : gate.passed();
    clearTimeout(timer);
    gate.release();
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${r.name}: ${res.status}`);
    await r.after?.(prepared as string);
    return trips;
  };

  const rows = [];
  const over: string[] = [];
  for (const r of requests) {
    const row: Record<string, unknown> = { request: r.name, kind: r.kind, trips: await countTrips(r, stacks[0]) };
    /** The median time of RUNS runs of the request against one Worker. */
    const medianMs = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const prepared = await r.prepare?.();
        const t = performance.now();
        const res = await r.run(url, prepared as string);
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (res.status >= 400) throw new Error(`${r.name} at ${url}: ${res.status}`);
        await r.after?.(prepared as string);
      }
      return Number(median(times).toFixed(1));
    };
    for (const { delay, stack } of stacks) row[`ms@${delay}`] = await medianMs(stack.baseUrl);
    row[`placed@${PLACED_MS}`] = await medianMs(placed.baseUrl);
    if (r.budget !== undefined) {
      row.budget = r.budget;
      if ((row.trips as number) > r.budget) over.push(`${r.name}: ${row.trips} round trips, budget ${r.budget}`);
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  // Bursts (group commit, db/write-gate.ts): BURST mentees call at the same moment, each with her own data. The Worker
  // lets one write (or group) of an isolate reach the database at a time and a few reads; the others wait and go together
  // as one transaction. Each row is the median over BURST_RUNS bursts of the time until the last of the burst was answered.
  const BURST = 16;
  const BURST_RUNS = 3;
  type Writer = Awaited<ReturnType<typeof freshWriter>>;
  const burstRow = async (request: string, kind: string, send: (url: string, w: Writer) => Promise<Response>) => {
    const row: Record<string, unknown> = { request, kind };
    for (const [column, url] of [
      ...stacks.map(({ delay, stack }) => [`ms@${delay}`, stack.baseUrl] as const),
      [`placed@${PLACED_MS}`, placed!.baseUrl] as const,
    ]) {
      const lasts: number[] = [];
      for (let i = 0; i < BURST_RUNS; i++) {
        const writers = await Promise.all(Array.from({ length: BURST }, freshWriter));
        const t = performance.now();
        const answers = await Promise.all(
          writers.map(async (w) => {
            const res = await send(url, w);
            await res.arrayBuffer();
            if (res.status >= 400) throw new Error(`${request} at ${url}: ${res.status}`);
            return performance.now() - t;
          }),
        );
        lasts.push(Math.max(...answers));
      }
      row[column] = Number(median(lasts).toFixed(1));
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  };
  await burstRow(`${BURST} mentees send a message at once (the last answer)`, "write burst (primary)", (url, w) =>
    call(url, "POST", `/api/chats/mentee-messages/${w.conversationId}`, w.token, {
      message: "All at once",
      sender: w.id,
      clientId: crypto.randomUUID(),
    }),
  );
  await burstRow(`${BURST} mentees open their conversation at once (the last answer)`, "read burst (primary)", (url, w) =>
    call(url, "GET", `/api/chats/mentee-messages/${w.conversationId}`, w.token),
  );
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  writeFileSync(
    "bench/results/db-distance-latest.json",
    `${JSON.stringify({ date: new Date().toISOString(), machine, runs: RUNS, delaysMs: DELAYS, rows, over }, null, 2)}\n`,
  );
  if (over.length) {
    console.error(`Over the trip budget (tests/support/signed-in-reads.ts):\n${over.join("\n")}`);
    process.exitCode = 1;
  }
} finally {
  await placed?.stop();
  for (const { stack, proxy } of stacks) {
    await stack.stop();
    await proxy.stop();
  }
  await base.stop();
}
