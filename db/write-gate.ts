import type { InStatement, ResultSet } from "@libsql/client/web";
import { DatabaseBusyError, sqlOf } from "./busy-retry";

/**
 * How many calls of one kind an isolate lets reach the database at once, how long one may wait, and how many that waited
 * go together. The client keeps two (db/client.ts): one for writes (`DEFAULT_WRITE_GATE`) and one for reads
 * (`DEFAULT_READ_GATE`); what follows says "write" for either.
 */
export type WriteGate = {
  /** Most writes one isolate keeps in flight at once; SQLite runs one writer at a time anyway. */
  maxInFlight: number;
  /**
   * Longest a write waits for its turn before the call gives up with a 503. Generous: a burst of
   * sign-ups keeps the isolate's one thread busy hashing passwords, and the writes holding the turns
   * finish only between hashes (50 at once took 10 to 20 s of CPU on the test machine).
   */
  maxWaitMs: number;
  /** Most waiting writes that go to the database together as one transaction (group commit, ADR 0017). */
  maxGroup: number;
};

/**
 * sqld makes a writer that finds the lock taken spin on the CPU instead of sleeping. With dozens of
 * writers in flight, the spinning threads starve the one that holds the lock: seen in the test suite
 * as sqld at 200% CPU for minutes and every write timing out. So each isolate lets only a few writes
 * reach the database at once, and the others wait here, where waiting costs nothing.
 *
 * One at a time, with group commit: SQLite commits one write transaction at a time anyway, and what waits behind the
 * one in flight goes next as one group. Fewer places make larger groups and less lock contention: bench:chat delivered
 * the most messages a second with 1 in flight, fewer with 2 or 4 (bench/README.md, "Chat push latency").
 */
export const DEFAULT_WRITE_GATE: WriteGate = { maxInFlight: 1, maxWaitMs: 30_000, maxGroup: 16 };

/**
 * Reads take the same kind of turn, with many more places. Each read is a stream of its own, and sqld opens a
 * connection for each: 830 µs of its CPU for a one-row read that costs 210 µs on a connection it has (bench/README.md).
 * Under a burst, the reads beyond the places in flight go with the first read whose turn comes, as one read transaction:
 * fewer connections for sqld to open, and a shorter tail in the booking race (bench/README.md, "Booking race").
 *
 * Why 32 places: a read that waits for a place pays one more trip, which far from the database costs more than the gate
 * saves (bench:db-distance with 8 places, bench/README.md). With 32 places, only bursts beyond 32 reads at once in one
 * isolate wait.
 */
export const DEFAULT_READ_GATE: WriteGate = { maxInFlight: 32, maxWaitMs: 30_000, maxGroup: 16 };

/**
 * A write that may travel with others (group commit): its statements and how to send them alone.
 * Its statements must not depend on what ran before them on the connection (a first statement reading `changes()` would
 * read the previous write's); `mayTravelTogether` says which do not.
 */
export type GatedCall = {
  stmts: InStatement[];
  /** Sends the write alone: as it would have gone without the gate, with its own retries. */
  alone: () => Promise<ResultSet[]>;
};

export type GroupSender = {
  /** Sends several calls' statements as one transaction (a write one at the write gate, a read one at the read gate), with retries on busy answers. */
  together: (stmts: InStatement[]) => Promise<ResultSet[]>;
  /**
   * Keeps the request that sends a group alive until the group's answer is in, even if its own client goes away: the
   * others' answers travel with it (the Worker passes `waitUntil`; ADR 0008).
   */
  keepAlive?: (sending: Promise<unknown>) => void;
};

/** A first statement that reads what the connection's previous statement changed runs only after its own batch's. */
export const mayTravelTogether = (stmts: InStatement[]) => stmts.length > 0 && !/\bchanges\s*\(\s*\)/i.test(sqlOf(stmts[0]));

/**
 * SQLite refused a statement of the transaction, so the server rolled all of it back (a batch's steps after the failed
 * one are skipped and its ROLLBACK runs in the same pipeline): nothing of the group was written, and each call may be
 * sent again alone. Anything else (the connection broke, the database stayed busy) leaves the outcome unknown or
 * already says nothing was written, and is every call's answer.
 */
const refusedByDatabase = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === "string" && (error as { code: string }).code.startsWith("SQLITE_");

type Answer = {
  promise: Promise<ResultSet[]>;
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
  settled: boolean;
};
/** A write that may be taken along: its statements and where its answer goes. */
type QueuedCall = { call: GatedCall; answer: Answer };
type Waiting = { taken: boolean; queued?: QueuedCall };

/** A promise with its settling functions (Promise.withResolvers, which Node 20 lacks). */
function answer(): Answer {
  const a = { settled: false } as Answer;
  a.promise = new Promise<ResultSet[]>((resolve, reject) => {
    a.resolve = (results) => ((a.settled = true), resolve(results));
    a.reject = (error) => ((a.settled = true), reject(error));
  });
  // Awaited by the call once it wakes; settled while it still sleeps, it would be reported as unhandled.
  a.promise.catch(() => undefined);
  return a;
}

/**
 * Runs writes once fewer than `gate.maxInFlight` of this isolate are in flight, in the order they arrived. A waiting
 * write polls with its own short timers rather than being woken by the write that finished: a Worker must not start a
 * request's I/O from another request's callback (workerd cancels it as hung when that request ends; see db/client.ts).
 * First come, first served: the write at the head of the line looks again every millisecond and the ones behind it
 * less often, so under a burst no write is overtaken again and again by later ones that happened to wake at the right
 * moment (the tail of bench:chat and bench:booking).
 *
 * **Group commit** (`send`): when a write's turn comes, the calls waiting behind it (up to `maxGroup` in all) go
 * with it, as one transaction in one round trip, and each gets its own statements' results. SQLite commits one write
 * transaction at a time, and each costs sqld about the same whatever it holds: 16 message batches in flight straight to
 * sqld commit about 400 messages a second one by one and 1,300 eight at a time. The group runs in the order the
 * calls arrived, so it is the same as running them one after another; a call the database refuses (a constraint) fails
 * the group, and then each is sent again alone and gets its own answer. Nothing is added to a write that finds the gate
 * open: a group forms only from writes that would have waited anyway. The calls' answers are settled by the request that
 * sent the group; each call awaits its own promise, made in its own request, so workerd runs what follows in that
 * request (cross-request promise resolution).
 */
export function createWriteGate(
  gate: WriteGate = DEFAULT_WRITE_GATE,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  sender?: GroupSender,
) {
  let inFlight = 0;
  /** The waiting writes, oldest first. */
  const line: Waiting[] = [];

  /**
   * Waits for the write's turn and takes its place in flight (in the same step, so no write arriving meanwhile slips
   * past the limit); false when another write took it along (its answer comes through `answer`).
   */
  async function turn(me: Waiting): Promise<boolean> {
    if (inFlight < gate.maxInFlight && line.length === 0) return claim();
    line.push(me);
    const deadline = Date.now() + gate.maxWaitMs;
    try {
      for (;;) {
        if (me.taken) return false;
        const place = line.indexOf(me);
        if (place < gate.maxInFlight - inFlight) return claim();
        if (Date.now() > deadline) throw new DatabaseBusyError(0, new Error(`${inFlight} calls in flight for ${gate.maxWaitMs} ms`));
        await sleep(1 + Math.min(place, 8));
      }
    } finally {
      if (!me.taken) line.splice(line.indexOf(me), 1);
    }
  }
  const claim = () => (inFlight++, true);

  /** The calls waiting in line that go with the one whose turn came, oldest first: out of the line, marked taken. */
  function takeAlong(): QueuedCall[] {
    const taken: QueuedCall[] = [];
    for (let i = 0; i < line.length && taken.length + 1 < gate.maxGroup; ) {
      const w = line[i];
      if (w.queued) {
        w.taken = true;
        taken.push(w.queued);
        line.splice(i, 1);
      } else i++;
    }
    return taken;
  }

  async function sendGroup(leader: GatedCall, others: QueuedCall[]): Promise<ResultSet[]> {
    const calls = [leader, ...others.map((w) => w.call)];
    const sending = sender!.together(calls.flatMap((r) => r.stmts));
    sender!.keepAlive?.(sending.catch(() => undefined));
    let results: ResultSet[];
    try {
      results = await sending;
    } catch (error) {
      if (!refusedByDatabase(error)) {
        for (const w of others) w.answer.reject(error);
        throw error;
      }
      // Nothing of the group was written: each goes again alone, one after another, in this turn.
      for (const w of others) await w.call.alone().then(w.answer.resolve, w.answer.reject);
      return leader.alone();
    }
    let at = leader.stmts.length;
    for (const w of others) w.answer.resolve(results.slice(at, (at += w.call.stmts.length)));
    return results.slice(0, leader.stmts.length);
  }

  /**
   * A call taken along waits for the answer the sending request settles, with a timer of its own running meanwhile:
   * workerd cancels a request that waits on nothing of its own (no I/O, no timer) as one that can never answer.
   */
  async function awaitAnswer(a: Answer): Promise<ResultSet[]> {
    const settledOrTick = () =>
      Promise.race([
        a.promise.then(
          () => undefined,
          () => undefined,
        ),
        sleep(10),
      ]);
    while (!a.settled) await settledOrTick();
    return a.promise;
  }

  /** Runs one write alone at its turn. */
  async function run<T>(work: () => Promise<T>): Promise<T> {
    await turn({ taken: false });
    try {
      return await work();
    } finally {
      inFlight--;
    }
  }

  return {
    inFlight: () => inFlight,
    run,
    /** Runs a write that may take calls waiting behind it along, or be taken along by the write ahead of it. */
    async send(call: GatedCall): Promise<ResultSet[]> {
      if (!sender || !mayTravelTogether(call.stmts)) return run(call.alone);
      const queued = { call, answer: answer() };
      if (!(await turn({ taken: false, queued }))) return awaitAnswer(queued.answer);
      const others = takeAlong();
      try {
        return others.length ? await sendGroup(call, others) : await call.alone();
      } finally {
        inFlight--;
      }
    },
  };
}
