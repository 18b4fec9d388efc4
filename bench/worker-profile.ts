/**
 * Where the Worker's CPU goes under the booking race: the built Worker in workerd with its
 * DevTools port open, N mentees booking one slot at once for R rounds while V8's sampling profiler
 * runs in the Worker's isolate; prints the functions with the most self time, and the share of each
 * bundle area (the Worker's own code, drizzle, tRPC, hono, libSQL's client, ...). Not a benchmark
 * with a target: a tool to find what to make cheaper. `npx tsx bench/worker-profile.ts` after a build.
 * Also prints the CPU each process (workerd, sqld, Node) used over the same rounds, from /proc.
 * N and R: BOOKING_MENTEES (100), BOOKING_ROUNDS (5). The profile goes to bench/results/worker-profile.cpuprofile
 * (open it in Chromium's DevTools, Performance panel).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { startStack } from "../scripts/built-stack";
import { raceCast } from "./race-cast";
import { devtools, type Profile, printSelfTimes, processCpuMs, selfTimes } from "./worker-devtools";

const N = Number(process.env.BOOKING_MENTEES ?? 100);
const ROUNDS = Number(process.env.BOOKING_ROUNDS ?? 5);
const HOUR = 3_600_000;
const INSPECTOR_PORT = 9_231;

const PROCESSES = ["workerd", "sqld", "node"] as const;

const stack = await startStack({ inspectorPort: INSPECTOR_PORT });
try {
  const { mentorToken, tokens, now } = await raceCast(stack, N);

  const session = await devtools(INSPECTOR_PORT, process.env.PROFILE_WORKER ?? "mentorship-api");
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 100 });
  await session.send("Profiler.start");
  let requests = 0;
  const cpuBefore = PROCESSES.map(processCpuMs);
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    const start = new Date(Math.ceil(now / HOUR) * HOUR + (30 + r * 2) * HOUR);
    const published = (await (
      await fetch(`${stack.baseUrl}/api/mentors/available-timeslots`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${mentorToken}` },
        body: JSON.stringify({ slotDetails: { start: start.toISOString() } }),
      })
    ).json()) as { allTimeSlots: { _id: string }[] };
    const slotId = published.allTimeSlots[0]._id;
    await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${stack.baseUrl}/api/mentees/timeslots/1`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ values: {}, slotId }),
        });
        await res.text();
        requests++;
      }),
    );
  }
  const wall = performance.now() - t0;
  const cpuUsed = PROCESSES.map((name, i) => processCpuMs(name) - cpuBefore[i]);
  const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
  session.close();
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/worker-profile.cpuprofile", JSON.stringify(profile));

  const times = selfTimes(profile, 100);
  const { total, idle, outside } = times;
  const ms = (us: number) => (us / 1000).toFixed(1);
  const perRequest = (msTotal: number) => `${((msTotal / requests) * 1000).toFixed(0)} µs a request`;
  console.log(`${requests} bookings in ${ROUNDS} rounds, ${wall.toFixed(0)} ms wall`);
  console.log(
    `JavaScript in the profiled isolate: ${ms(total)} ms (${perRequest(total / 1000)}); outside it (waiting, or workerd's own work) ${ms(outside)} ms; idle ${ms(idle)} ms`,
  );
  console.log(
    `Process CPU in the same time: ${PROCESSES.map((name, i) => `${name} ${cpuUsed[i].toFixed(0)} ms (${perRequest(cpuUsed[i])})`).join(", ")}`,
  );
  printSelfTimes(times);
} finally {
  await stack.stop();
}
